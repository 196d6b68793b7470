import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { PhonePrefixSelect } from "@/components/forms/phone-prefix-select";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { useRegister } from "@/features/auth/api/register";
import { AuthCard } from "@/features/auth/components/auth-card";
import { signupSchema, type SignupFormValues } from "@/features/auth/schemas/signup";
import { errorMessage, fieldErrors } from "@/lib/api-client";
import { useCountries } from "@/lib/config/get-countries";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { toPhoneE164 } from "@/lib/phone";
import { useDocumentTitle } from "@/lib/use-document-title";

const SERVER_FIELDS = ["email", "password", "name", "companyNumber"] as const;

/**
 * The country code chosen for a start, by the reader's language (its placeholder is a number of
 * that country); English belongs to no country the registry serves, so nothing is chosen for it.
 */
const PREFIX_OF_LANGUAGE: Partial<Record<string, string>> = { nl: "+31", de: "+49", fr: "+33", es: "+34", it: "+39" };

export function SignupPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t("signup.title"));
  const navigate = useNavigate();
  const registerAccount = useRegister();
  const countries = useCountries();
  const list = countries.data ?? [];

  const form = useForm<SignupFormValues>({
    resolver: zodResolver(signupSchema),
    defaultValues: {
      email: "",
      password: "",
      confirmPassword: "",
      phonePrefix: "",
      phoneNumber: "",
      ownerKind: "person",
      name: "",
      companyNumber: "",
      acceptTerms: false,
    },
  });
  const { errors } = form.formState;
  const phonePrefix = useWatch({ control: form.control, name: "phonePrefix" });
  const company = useWatch({ control: form.control, name: "ownerKind" }) === "company";

  // The reader's country's code, once the codes are listed (the select can show it then).
  const languagePrefix = PREFIX_OF_LANGUAGE[i18n.language];
  const listed = list.some((c) => c.phonePrefix === languagePrefix);
  useEffect(() => {
    if (languagePrefix && listed && !form.getValues("phonePrefix")) form.setValue("phonePrefix", languagePrefix);
  }, [languagePrefix, listed, form]);

  const onSubmit = form.handleSubmit((values) =>
    registerAccount.mutate(
      {
        email: values.email,
        password: values.password,
        ...(values.phoneNumber ? { phoneE164: toPhoneE164(values.phonePrefix, values.phoneNumber) } : {}),
        ...(values.name ? { name: values.name } : {}),
        ...(values.ownerKind === "company" ? { ownerKind: "company" as const, companyNumber: values.companyNumber } : {}),
      },
      {
        onSuccess: () => {
          toast({ title: t("signup.successTitle"), description: t("signup.successDescription") });
          void navigate("/login");
        },
        onError: (err) => {
          applyServerFieldErrors(err, form.setError, SERVER_FIELDS);
          // The server names the number phoneE164; here it is the number the reader typed.
          const { phoneE164: phoneMessages = [] } = fieldErrors(err);
          if (phoneMessages.length > 0) {
            form.setError("phoneNumber", { type: "server", message: phoneMessages.join(" ") });
          }
          toast({
            variant: "destructive",
            title: t("signup.failedTitle"),
            error: err,
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
        <div className="grid gap-4 sm:grid-cols-[9rem_1fr]">
          <FormField id="signup-phone-prefix" label={t("signup.phonePrefix")} error={errors.phonePrefix}>
            <PhonePrefixSelect
              countries={list}
              placeholder={t("signup.choosePrefix")}
              selected={phonePrefix}
              disabled={countries.isPending}
              {...form.register("phonePrefix")}
            />
          </FormField>
          <FormField id="signup-phone" label={t("signup.phoneLabel")} hint={t("signup.phoneHint")} error={errors.phoneNumber}>
            <Input
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              placeholder={t("signup.phonePlaceholder")}
              {...form.register("phoneNumber")}
            />
          </FormField>
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t("ownerName.kind")}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" value="person" {...form.register("ownerKind")} />
            {t("ownerName.person")}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" value="company" {...form.register("ownerKind")} />
            {t("ownerName.company")}
          </label>
        </fieldset>
        <FormField
          id="signup-name"
          label={company ? t("ownerName.companyName") : t("signup.nameLabel")}
          hint={company ? undefined : t("signup.nameHint")}
          error={errors.name}
        >
          <Input autoComplete={company ? "organization" : "name"} {...form.register("name")} />
        </FormField>
        {company ? (
          <FormField
            id="signup-company-number"
            label={t("ownerName.companyNumber")}
            hint={t("ownerName.companyNumberHint")}
            error={errors.companyNumber}
          >
            <Input autoComplete="off" {...form.register("companyNumber")} />
          </FormField>
        ) : null}
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
