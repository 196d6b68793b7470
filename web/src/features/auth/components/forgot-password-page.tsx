import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { useRequestPasswordReset } from "@/features/auth/api/request-password-reset";
import { AuthCard } from "@/features/auth/components/auth-card";
import { forgotPasswordSchema, type ForgotPasswordFormValues } from "@/features/auth/schemas/forgot-password";
import { errorMessage } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("forgotPassword.title"));
  const request = useRequestPasswordReset();
  const form = useForm<ForgotPasswordFormValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });

  const onSubmit = form.handleSubmit((values) =>
    request.mutate(values, {
      onError: (err) =>
        toast({
          variant: "destructive",
          title: t("common.error"),
          error: err,
          description: errorMessage(err, t("common.genericError")),
        }),
    }),
  );

  const backLink = (
    <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
      {t("forgotPassword.backToLogin")}
    </Link>
  );

  if (request.isSuccess) {
    return (
      <AuthCard title={t("forgotPassword.sentTitle")} footer={backLink}>
        <Alert role="status" className="flex items-start gap-3">
          <MailCheck className="size-5 shrink-0 text-primary" aria-hidden="true" />
          <p>{t("forgotPassword.sentDescription")}</p>
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("forgotPassword.title")} description={t("forgotPassword.description")} footer={backLink}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <FormField id="forgot-email" label={t("fields.email")} error={form.formState.errors.email}>
          <Input type="email" autoComplete="email" {...form.register("email")} />
        </FormField>
        <Button type="submit" disabled={request.isPending} className="w-full">
          {request.isPending ? t("forgotPassword.submitting") : t("forgotPassword.submit")}
        </Button>
      </form>
    </AuthCard>
  );
}
