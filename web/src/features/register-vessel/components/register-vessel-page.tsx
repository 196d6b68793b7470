import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck, LockKeyhole, MailWarning } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode, type Ref } from "react";
import { FormProvider, useForm, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { User, Vessel, VesselWarning } from "@/api/types";
import { Page } from "@/components/layout/page";
import { RequireAuth } from "@/components/layout/require-auth";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { useCreateVessel } from "@/features/register-vessel/api/create-vessel";
import { useCountries } from "@/lib/config/get-countries";
import { DetailsStep } from "@/features/register-vessel/components/details-step";
import { IdentifiersStep } from "@/features/register-vessel/components/identifiers-step";
import { PaymentStep } from "@/features/register-vessel/components/payment-step";
import { WizardStepper, type WizardStep } from "@/features/register-vessel/components/wizard-stepper";
import { useSettledRegistration } from "@/features/register-vessel/hooks/use-settled-registration";
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
import { useVessel } from "@/features/vessels/public";
import { ApiError, errorMessage, fieldErrors } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Server field names (the request's) that belong to step 1, and the form field each maps to. */
const DETAILS_FIELDS: Partial<Record<string, Path<VesselDetailsValues>>> = {
  name: "name",
  countryCode: "countryCode",
  phoneE164: "phoneVerified",
  make: "make",
  model: "model",
  buildYear: "buildYear",
  lengthCm: "lengthCm",
  vesselType: "vesselType",
  hullMaterial: "hullMaterial",
  hullColour: "hullColour",
  homePort: "homePort",
  engines: "engines",
};
const IDENTIFIER_FIELDS = new Set(["cin", "legacyId", "engineSerial", "eniNumber", "imoNumber", "mmsi"]);

/**
 * /register-vessel: the wizard; `?vessel={platformId}` resumes at the payment step for one of
 * the owner's vessels awaiting its fee (the dashboard's 'Complete payment'); `?paymentId=` is
 * where the card provider sends the browser back after an authentication page.
 */
export function RegisterVesselPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("registerVessel.title"));
  const [params] = useSearchParams();
  const paymentId = params.get("paymentId");
  const resume = params.get("vessel");
  return (
    <RequireAuth>
      {(user) =>
        !user.emailVerifiedAt ? (
          <VerifyEmailFirst user={user} />
        ) : paymentId ? (
          <PaymentReturn paymentId={paymentId} />
        ) : resume ? (
          <ResumePayment platformId={resume} />
        ) : (
          <RegisterVesselWizard user={user} />
        )
      }
    </RequireAuth>
  );
}

/** Back from the provider: wait for the server's word on the payment. */
function PaymentReturn({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const payment = useSettledRegistration(
    paymentId,
    (p) => void navigate(`/register-vessel?vessel=${encodeURIComponent(p.vesselPlatformId)}`, { replace: true }),
  );
  return (
    <WizardFrame step={3} title={t("registerVessel.payment.title")} done={payment.data?.status === "succeeded"}>
      {payment.isError ? (
        <Alert variant="destructive" role="alert">
          {errorMessage(payment.error, t("common.genericError"))}
        </Alert>
      ) : (
        <p role="status" className="rounded-lg border border-border p-4 text-center font-medium">
          {payment.data?.status === "succeeded"
            ? t("payment.successDescription", { platformId: payment.data.vesselPlatformId })
            : t("registerVessel.payment.checking")}
        </p>
      )}
    </WizardFrame>
  );
}

/** The payment step for a vessel registered earlier and still awaiting its fee. */
function ResumePayment({ platformId }: { platformId: string }) {
  const { t } = useTranslation();
  const vessel = useVessel(platformId);
  const pending = vessel.data?.vessel.status === "pending_payment";
  return (
    <WizardFrame step={3} title={t("registerVessel.payment.title")} done={vessel.data != null && !pending}>
      {vessel.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : vessel.isError ? (
        <Alert variant="destructive" role="alert">
          {errorMessage(vessel.error, t("common.genericError"))}
        </Alert>
      ) : pending ? (
        <PaymentStep vessel={vessel.data.vessel} />
      ) : (
        <div className="grid justify-items-center gap-4 text-center">
          <CircleCheck className="size-10 text-success" aria-hidden="true" />
          <p>{t("registerVessel.payment.alreadyPaid")}</p>
          <Button asChild>
            <Link to={`/registry/${encodeURIComponent(platformId)}`}>{t("registerVessel.payment.viewVessel")}</Link>
          </Button>
        </div>
      )}
    </WizardFrame>
  );
}

/** The page, the stepper and the current step's card. */
function WizardFrame({
  step,
  title,
  description,
  done,
  notices,
  headingRef,
  children,
}: {
  step: WizardStep;
  title: string;
  description?: string;
  done?: boolean;
  /** Alerts shown above the step's card. */
  notices?: ReactNode;
  /** The step's heading, which takes focus when the step changes. */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Page title={t("registerVessel.title")} description={t("registerVessel.description")}>
      <div className="grid gap-6">
        <WizardStepper current={step} completed={done} />
        {notices}
        <Card>
          <CardHeader>
            <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold leading-tight outline-none">
              {title}
            </h2>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </div>
    </Page>
  );
}

/** Steps 1 and 2 once the vessel exists: its record changes only with an audit trail, not here. */
function LockedStep({ platformId, back, onContinue }: { platformId: string; back: ReactNode; onContinue: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6">
      <Alert className="flex gap-3">
        <LockKeyhole className="size-5 shrink-0" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-semibold">{t("registerVessel.payment.lockedTitle", { platformId })}</p>
          <p>{t("registerVessel.payment.lockedDescription")}</p>
        </div>
      </Alert>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        {back}
        <Button onClick={onContinue}>{t("registerVessel.continueToPayment")}</Button>
      </div>
    </div>
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

function RegisterVesselWizard({ user }: { user: User }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<WizardStep>(1);
  const [created, setCreated] = useState<{ vessel: Vessel; warnings: VesselWarning[] } | null>(null);
  const [emailBlocked, setEmailBlocked] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const countries = useCountries();
  const create = useCreateVessel();

  const detailsForm = useForm<VesselDetailsValues>({
    resolver: zodResolver(vesselDetailsSchema),
    defaultValues: { ...detailsDefaults, phoneVerified: Boolean(user.phoneVerifiedAt) },
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
    if (created) {
      setStep(3);
      return;
    }
    const body = toCreateVesselRequest(detailsForm.getValues(), identifiers, country);
    create.mutate(body, {
      onSuccess: ({ warnings, ...vessel }) => {
        setCreated({ vessel, warnings });
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
          error: err,
          description: errorMessage(err, t("common.genericError")),
        });
      },
    });
  };

  const titles: Record<WizardStep, string> = {
    1: t("registerVessel.step1Title"),
    2: t("registerVessel.step2Title"),
    3: t("registerVessel.payment.title"),
  };
  const descriptions: Record<WizardStep, string> = {
    1: t("registerVessel.step1Description"),
    2: t("registerVessel.step2Description"),
    3: "",
  };

  return (
    <WizardFrame
      step={step}
      title={titles[step]}
      description={descriptions[step]}
      headingRef={headingRef}
      notices={
        <>
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
        </>
      }
    >
      {created && step < 3 ? (
        <LockedStep
          platformId={created.vessel.platformId}
          back={
            step === 2 ? (
              <Button variant="outline" onClick={() => setStep(1)}>
                {t("registerVessel.back")}
              </Button>
            ) : (
              <span />
            )
          }
          onContinue={() => setStep(3)}
        />
      ) : step === 1 ? (
        <FormProvider {...detailsForm}>
          <DetailsStep
            form={detailsForm}
            user={user}
            countries={countryList}
            countriesLoading={countries.isPending}
            onContinue={() => setStep(2)}
          />
        </FormProvider>
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
        <PaymentStep vessel={created.vessel} warnings={created.warnings} onBack={() => setStep(2)} />
      ) : null}
    </WizardFrame>
  );
}
