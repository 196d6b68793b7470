import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { useLogin } from "@/features/auth/api/login";
import { usePasskeySignIn } from "@/features/auth/api/passkey-sign-in";
import { AuthCard } from "@/features/auth/components/auth-card";
import { loginSchema, type LoginFormValues } from "@/features/auth/schemas/login";
import { errorMessage } from "@/lib/api-client";
import { useCurrentUser } from "@/lib/auth/get-current-user";
import { passkeyErrorMessage, usePasskeysSupported } from "@/lib/passkeys";
import { useDocumentTitle } from "@/lib/use-document-title";
import { safeRedirectPath } from "@/lib/utils";

/** Where to go after signing in: ?next= or the router state from a sign-in prompt, else /dashboard. */
function useAfterLoginPath(): string {
  const [params] = useSearchParams();
  const location = useLocation();
  const state = location.state as { from?: unknown } | null;
  return safeRedirectPath(params.get("next")) ?? safeRedirectPath(state?.from) ?? "/dashboard";
}

export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("login.title"));
  const navigate = useNavigate();
  const target = useAfterLoginPath();
  const { user } = useCurrentUser();
  // A password or a passkey: either way the same welcome and the same way on.
  const onSignedIn = () => {
    toast({ title: t("login.successTitle") });
    void navigate(target, { replace: true });
  };
  const login = useLogin({ onSignedIn });
  const passkey = usePasskeySignIn({ onSignedIn });
  const passkeysSupported = usePasskeysSupported();

  const form = useForm<LoginFormValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "", rememberMe: false },
  });
  const { errors } = form.formState;

  // Signed-in users are sent on (spec: /dashboard, or where a sign-in prompt came from). From an
  // effect, not by rendering something else: the server sent this page's HTML as a guest sees it,
  // and the first render must match it (a different one is React error #418 in the console).
  const signedIn = Boolean(user) && !login.isPending && !passkey.isPending;
  useEffect(() => {
    if (signedIn) void navigate(target, { replace: true });
  }, [signedIn, navigate, target]);

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onError: (err) =>
        toast({
          variant: "destructive",
          title: t("login.failedTitle"),
          error: err,
          description: errorMessage(err, t("login.failedFallback")),
        }),
    }),
  );

  // No email asked: the browser offers the person's passkeys for this site.
  const onPasskey = () =>
    passkey.mutate(
      { rememberMe: form.getValues("rememberMe") },
      {
        onError: (err) =>
          toast({
            variant: "destructive",
            title: t("login.failedTitle"),
            error: err,
            description: passkeyErrorMessage(err),
          }),
      },
    );
  const busy = login.isPending || passkey.isPending;

  return (
    <AuthCard
      title={t("login.title")}
      description={t("login.description")}
      footer={
        <p className="text-muted-foreground">
          {t("login.noAccount")}{" "}
          <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("login.createAccount")}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <FormField id="login-email" label={t("fields.email")} error={errors.email}>
          <Input type="email" autoComplete="email" {...form.register("email")} />
        </FormField>
        <FormField id="login-password" label={t("fields.password")} error={errors.password}>
          <Input type="password" autoComplete="current-password" {...form.register("password")} />
        </FormField>
        <div className="flex items-center justify-between gap-4">
          <Controller
            control={form.control}
            name="rememberMe"
            render={({ field }) => (
              <FormField id="login-remember" label={t("login.rememberMe")} layout="checkbox">
                <Checkbox
                  name={field.name}
                  checked={field.value}
                  onCheckedChange={(v) => field.onChange(v)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              </FormField>
            )}
          />
          <Link to="/forgot-password" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {t("login.forgotPassword")}
          </Link>
        </div>
        <Button type="submit" disabled={busy} className="w-full">
          {login.isPending ? t("login.submitting") : t("login.submit")}
        </Button>
      </form>
      {passkeysSupported ? (
        <div className="mt-4 grid gap-4">
          <p className="flex items-center gap-3 text-xs uppercase text-muted-foreground" aria-hidden="true">
            <span className="h-px flex-1 bg-border" />
            {t("login.or")}
            <span className="h-px flex-1 bg-border" />
          </p>
          <Button variant="outline" className="w-full" onClick={onPasskey} disabled={busy}>
            <KeyRound aria-hidden="true" />
            {passkey.isPending ? t("login.passkeyPending") : t("login.passkey")}
          </Button>
        </div>
      ) : null}
    </AuthCard>
  );
}
