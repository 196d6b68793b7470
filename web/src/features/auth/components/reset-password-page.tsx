import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { useConfirmPasswordReset } from "@/features/auth/api/confirm-password-reset";
import { useRecoverWithPasskey } from "@/features/auth/api/recover-with-passkey";
import { AuthCard } from "@/features/auth/components/auth-card";
import { resetPasswordSchema, type ResetPasswordFormValues } from "@/features/auth/schemas/reset-password";
import { ApiError, errorMessage } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { passkeyErrorMessage, usePasskeysSupported } from "@/lib/passkeys";
import { useDocumentTitle } from "@/lib/use-document-title";

/** The confirmation's answer for an account that signs in without a password. */
const ADD_PASSKEY_INSTEAD = "password_sign_in_off_add_passkey";

export function ResetPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("resetPassword.title"));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token");
  const confirm = useConfirmPasswordReset();
  const form = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  const footer = (
    <Link to="/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
      {t("resetPassword.requestNewLink")}
    </Link>
  );

  if (!token) {
    return (
      <AuthCard title={t("resetPassword.title")} footer={footer}>
        <Alert variant="destructive" role="alert">
          {t("resetPassword.missingToken")}
        </Alert>
      </AuthCard>
    );
  }

  // An account that signs in without a password gets back in by adding a passkey: its email's
  // link says so (?passkey=1), and a page opened without that learns it from the confirmation.
  const passkeyMode =
    params.get("passkey") === "1" ||
    (confirm.error instanceof ApiError && confirm.error.body?.messageCode === ADD_PASSKEY_INSTEAD);
  if (passkeyMode) return <AddPasskeyWithLink token={token} footer={footer} />;

  const onSubmit = form.handleSubmit((values) =>
    confirm.mutate(
      { token, password: values.password },
      {
        onSuccess: () => {
          toast({ title: t("resetPassword.successTitle"), description: t("resetPassword.successDescription") });
          void navigate("/login");
        },
        onError: (err) => {
          applyServerFieldErrors(err, form.setError, ["password"] as const);
        },
      },
    ),
  );

  // Field problems show on the field; anything else (e.g. 'Invalid or expired token.') above the form.
  const formError = confirm.isError && !errors.password ? errorMessage(confirm.error, t("resetPassword.failedFallback")) : null;

  return (
    <AuthCard title={t("resetPassword.title")} description={t("resetPassword.description")} footer={footer}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        {formError ? (
          <Alert variant="destructive" role="alert">
            {formError}
          </Alert>
        ) : null}
        <FormField id="reset-password" label={t("fields.newPassword")} hint={t("signup.passwordHint")} error={errors.password}>
          <Input type="password" autoComplete="new-password" {...form.register("password")} />
        </FormField>
        <FormField id="reset-confirm-password" label={t("fields.confirmPassword")} error={errors.confirmPassword}>
          <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
        </FormField>
        <Button type="submit" disabled={confirm.isPending} className="w-full">
          {confirm.isPending ? t("resetPassword.submitting") : t("resetPassword.submit")}
        </Button>
      </form>
    </AuthCard>
  );
}

/** The reset link's other mode: a new passkey on this device, which signs the person in. */
function AddPasskeyWithLink({ token, footer }: { token: string; footer: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const supported = usePasskeysSupported();
  const recover = useRecoverWithPasskey();
  const onAdd = () =>
    recover.mutate(
      { token, name: "" },
      {
        onSuccess: () => {
          toast({ title: t("resetPassword.passkeyAddedTitle"), description: t("resetPassword.passkeyAddedDescription") });
          void navigate("/profile");
        },
      },
    );
  // Server refusals (a used link) in their catalogue text; the browser's own (cancelled) as such.
  const problem = recover.isError
    ? recover.error instanceof ApiError
      ? errorMessage(recover.error, t("resetPassword.failedFallback"))
      : passkeyErrorMessage(recover.error)
    : null;
  return (
    <AuthCard title={t("resetPassword.passkeyTitle")} description={t("resetPassword.passkeyDescription")} footer={footer}>
      <div className="grid gap-4">
        {problem ? (
          <Alert variant="destructive" role="alert">
            {problem}
          </Alert>
        ) : null}
        {supported ? (
          <Button onClick={onAdd} disabled={recover.isPending} className="w-full">
            <KeyRound aria-hidden="true" />
            {recover.isPending ? t("resetPassword.addingPasskey") : t("resetPassword.addPasskey")}
          </Button>
        ) : (
          <Alert role="status">{t("resetPassword.passkeyUnsupported")}</Alert>
        )}
      </div>
    </AuthCard>
  );
}
