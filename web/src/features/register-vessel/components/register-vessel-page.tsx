import { zodResolver } from "@hookform/resolvers/zod";
import { MailWarning } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CreatedVessel, User } from "@/api/types";
import { Page } from "@/components/layout/page";
import { RequireAuth } from "@/components/layout/require-auth";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { useCreateVessel } from "@/features/register-vessel/api/create-vessel";
import { useCountries } from "@/features/register-vessel/api/get-countries";
import { DetailsStep } from "@/features/register-vessel/components/details-step";
import { IdentifiersStep } from "@/features/register-vessel/components/identifiers-step";
import { RegistrationComplete } from "@/features/register-vessel/components/registration-complete";
import { WizardStepper, type WizardStep } from "@/features/register-vessel/components/wizard-stepper";
import {
  detailsDefaults,
  identifiersDefaults,
  needsLegacyId,
  toCreateVesselRequest,
  vesselDetailsSchema,
  vesselIdentifiersSchema,
  type VesselDetailsValues,
  type VesselIdentifiersValues,
} from "@/features/register-vessel/schemas/register-vessel";
import { ApiError, errorMessage, fieldErrors } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Server field names (the request's) that belong to step 1, and the form field each maps to. */
const DETAILS_FIELDS: Record<string, Path<VesselDetailsValues>> = {
  name: "name",
  countryCode: "countryCode",
  phoneE164: "phoneNumber",
  make: "make",
  model: "model",
  buildYear: "buildYear",
  lengthCm: "lengthCm",
};
const IDENTIFIER_FIELDS = new Set(["cin", "legacyId", "engineSerial", "eniNumber", "imoNumber", "mmsi"]);

export function RegisterVesselPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("registerVessel.title"));
  return (
    <RequireAuth>{(user) => (user.emailVerifiedAt ? <RegisterVesselWizard /> : <VerifyEmailFirst user={user} />)}</RequireAuth>
  );
}

/** Registration needs a verified email: say so and point to the profile, which can resend it. */
function VerifyEmailFirst({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Page title={t("registerVessel.title")}>
      <Alert variant="warning" role="alert" className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <MailWarning className="size-6 shrink-0" aria-hidden="true" />
        <div className="flex-1">
          <h2 className="font-semibold">{t("registerVessel.emailUnverifiedTitle")}</h2>
          <p className="text-muted-foreground">{t("registerVessel.emailUnverifiedDescription", { email: user.email })}</p>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/profile">{t("registerVessel.goToProfile")}</Link>
        </Button>
      </Alert>
    </Page>
  );
}

function RegisterVesselWizard() {
  const { t } = useTranslation();
  const [step, setStep] = useState<WizardStep>(1);
  const [created, setCreated] = useState<CreatedVessel | null>(null);
  const [emailBlocked, setEmailBlocked] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const countries = useCountries();
  const create = useCreateVessel();

  const detailsForm = useForm<VesselDetailsValues>({
    resolver: zodResolver(vesselDetailsSchema),
    defaultValues: detailsDefaults,
  });
  // Step 2 asks for a legacy ID or a CIN/HIN depending on step 1's build year; step 1's
  // values do not change while step 2 is shown.
  const legacy = step >= 2 && needsLegacyId(detailsForm.getValues());
  const identifiersForm = useForm<VesselIdentifiersValues>({
    resolver: (values, context, options) =>
      zodResolver(vesselIdentifiersSchema({ legacy: needsLegacyId(detailsForm.getValues()) }))(values, context, options),
    defaultValues: identifiersDefaults,
  });

  // Each step change moves focus to the step's heading, for keyboard and screen-reader users.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step, created]);

  const countryList = countries.data ?? [];
  const country = countryList.find((c) => c.code === detailsForm.getValues("countryCode"));

  const onRegister = (identifiers: VesselIdentifiersValues) => {
    const body = toCreateVesselRequest(detailsForm.getValues(), identifiers, country);
    create.mutate(body, {
      onSuccess: (vessel) => {
        setCreated(vessel);
        setStep(3);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 403 && err.body?.code === "email_unverified") {
          setEmailBlocked(true);
        }
        let detailsError = false;
        let focused = false;
        for (const [field, messages] of Object.entries(fieldErrors(err))) {
          if (messages.length === 0) continue;
          const error = { type: "server", message: messages.join(" ") };
          const detailsField = DETAILS_FIELDS[field];
          if (detailsField) {
            detailsForm.setError(detailsField, error);
            detailsError = true;
          } else if (IDENTIFIER_FIELDS.has(field) || field.startsWith("identifiers.")) {
            identifiersForm.setError(field as Path<VesselIdentifiersValues>, error, { shouldFocus: !focused });
            focused = true;
          }
        }
        if (detailsError) setStep(1);
        toast({
          variant: "destructive",
          title: t("registerVessel.failedTitle"),
          description: errorMessage(err, t("common.genericError")),
        });
      },
    });
  };

  const titles: Record<WizardStep, string> = {
    1: t("registerVessel.step1Title"),
    2: t("registerVessel.step2Title"),
    3: created ? t("registerVessel.complete.title") : t("registerVessel.steps.payment"),
  };
  const descriptions: Record<WizardStep, string> = {
    1: t("registerVessel.step1Description"),
    2: t("registerVessel.step2Description"),
    3: "",
  };

  return (
    <Page title={t("registerVessel.title")} description={t("registerVessel.description")}>
      <div className="grid gap-6">
        <WizardStepper current={step} completed={created != null} />
        {emailBlocked ? (
          <Alert variant="warning" role="alert">
            <p className="font-semibold">{t("registerVessel.emailUnverifiedTitle")}</p>
            <p>
              {t("registerVessel.emailUnverifiedShort")}{" "}
              <Link to="/profile" className="font-medium text-primary underline underline-offset-4">
                {t("registerVessel.goToProfile")}
              </Link>
            </p>
          </Alert>
        ) : null}
        {countries.isError ? (
          <Alert variant="destructive" role="alert">
            {errorMessage(countries.error, t("registerVessel.countriesFailed"))}
          </Alert>
        ) : null}
        <Card>
          <CardHeader>
            <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold leading-tight outline-none">
              {titles[step]}
            </h2>
            {descriptions[step] ? <CardDescription>{descriptions[step]}</CardDescription> : null}
          </CardHeader>
          <CardContent>
            {step === 1 ? (
              <DetailsStep
                form={detailsForm}
                countries={countryList}
                countriesLoading={countries.isPending}
                onContinue={() => setStep(2)}
              />
            ) : step === 2 ? (
              <IdentifiersStep
                form={identifiersForm}
                legacy={legacy}
                country={country}
                submitting={create.isPending}
                onBack={() => setStep(1)}
                onSubmit={onRegister}
              />
            ) : created ? (
              <RegistrationComplete vessel={created} />
            ) : null}
          </CardContent>
        </Card>
      </div>
    </Page>
  );
}
