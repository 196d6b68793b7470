import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { useRegister } from "@/features/auth/api/register";
import { AuthCard } from "@/features/auth/components/auth-card";
import { signupSchema, type SignupFormValues } from "@/features/auth/schemas/signup";
import { errorMessage } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useDocumentTitle } from "@/lib/use-document-title";

const SERVER_FIELDS = ["email", "password", "phoneE164"] as const;

export function SignupPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("signup.title"));
  const navigate = useNavigate();
  const registerAccount = useRegister();

  const form = useForm<SignupFormValues>({
    resolver: zodResolver(signupSchema),
    defaultValues: { email: "", password: "", confirmPassword: "", phoneE164: "", acceptTerms: false },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    registerAccount.mutate(
      {
        email: values.email,
        password: values.password,
        ...(values.phoneE164 ? { phoneE164: values.phoneE164 } : {}),
      },
      {
        onSuccess: () => {
          toast({ title: t("signup.successTitle"), description: t("signup.successDescription") });
          void navigate("/login");
        },
        onError: (err) => {
          applyServerFieldErrors(err, form.setError, SERVER_FIELDS);
          toast({
            variant: "destructive",
            title: t("signup.failedTitle"),
            description: errorMessage(err, t("signup.failedFallback")),
          });
        },
      },
    ),
  );

  return (
    <AuthCard
      title={t("signup.title")}
      description={t("signup.description")}
      footer={
        <p className="text-muted-foreground">
          {t("signup.haveAccount")}{" "}
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("signup.signIn")}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <FormField id="signup-email" label={t("fields.email")} error={errors.email}>
          <Input type="email" autoComplete="email" {...form.register("email")} />
        </FormField>
        <FormField id="signup-password" label={t("fields.password")} hint={t("signup.passwordHint")} error={errors.password}>
          <Input type="password" autoComplete="new-password" {...form.register("password")} />
        </FormField>
        <FormField id="signup-confirm-password" label={t("fields.confirmPassword")} error={errors.confirmPassword}>
          <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
        </FormField>
        <FormField id="signup-phone" label={t("signup.phoneLabel")} hint={t("signup.phoneHint")} error={errors.phoneE164}>
          <Input type="tel" autoComplete="tel" inputMode="tel" placeholder="+31612345678" {...form.register("phoneE164")} />
        </FormField>
        <Controller
          control={form.control}
          name="acceptTerms"
          render={({ field }) => (
            <FormField
              id="signup-terms"
              layout="checkbox"
              error={errors.acceptTerms}
              label={
                <Trans
                  i18nKey="signup.acceptTerms"
                  components={{
                    termsLink: (
                      <Link
                        to="/legal/terms"
                        className="text-primary underline underline-offset-4"
                        target="_blank"
                        rel="noopener"
                      />
                    ),
                  }}
                />
              }
            >
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
        <Button type="submit" disabled={registerAccount.isPending} className="w-full">
          {registerAccount.isPending ? t("signup.submitting") : t("signup.submit")}
        </Button>
      </form>
    </AuthCard>
  );
}
