import { FileUp, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Vessel, VesselWarning } from "@/api/types";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CardPaymentPanel, useCardPayment } from "@/features/payments/public";
import { useRegistrationSucceeded } from "@/features/register-vessel/hooks/use-settled-registration";
import { CountryLabel } from "@/features/vessels/public";
import { formatEuroCents, knownMakeModel, REGISTRATION_FEE_CENTS } from "@/lib/format";

/** Where the provider sends the browser back after an authentication page. */
export function paymentReturnUrl(paymentId: string): string {
  return `${window.location.origin}/register-vessel?paymentId=${encodeURIComponent(paymentId)}`;
}

/**
 * Step 3 'Complete Registration Payment' (spec section 2): the summary, the fee line, the
 * documents note and the provider's card form. The registration intent is created when the
 * step opens (the server reuses the vessel's unfinished payment); success is announced only
 * once the server reports the payment succeeded.
 */
export function PaymentStep({
  vessel,
  warnings = [],
  onBack,
}: {
  vessel: Vessel;
  warnings?: VesselWarning[];
  onBack?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const onSucceeded = useRegistrationSucceeded();
  const payment = useCardPayment({ purpose: "registration", vesselId: vessel.id }, onSucceeded);
  const { waiting } = payment;

  const fee = formatEuroCents(payment.intent?.amountCents ?? REGISTRATION_FEE_CENTS, i18n.language);
  const makeModel = knownMakeModel(vessel.make, vessel.model) ?? t("vessel.makeModelUnknown");

  return (
    <div className="grid gap-6">
      {warnings.length > 0 ? (
        <Alert variant="warning" role="note" aria-labelledby="registration-warnings" className="grid gap-2">
          <p id="registration-warnings" className="flex items-center gap-2 font-semibold">
            <TriangleAlert className="size-4" aria-hidden="true" />
            {t("registerVessel.payment.warningsTitle")}
          </p>
          <ul className="list-disc pl-6">
            {warnings.map((w, index) => (
              <li key={`${w.field}-${index}`}>{w.message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <section aria-labelledby="payment-summary" className="grid gap-3 rounded-lg border border-border bg-muted/40 p-4">
        <h3 id="payment-summary" className="text-sm font-semibold">
          {t("registerVessel.payment.summary")}
        </h3>
        <dl className="grid gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">{t("registerVessel.payment.vessel")}</dt>
            <dd className="font-medium">{makeModel}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("registerVessel.payment.country")}</dt>
            <dd className="font-medium">
              <CountryLabel code={vessel.countryCode} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("registerVessel.payment.platformId")}</dt>
            <dd className="font-mono font-medium">{vessel.platformId}</dd>
          </div>
        </dl>
        <div className="flex items-center justify-between gap-4 border-t border-border pt-3">
          <div>
            <p className="font-semibold">{t("registerVessel.payment.feeName")}</p>
            <p className="text-sm text-muted-foreground">
              {t("registerVessel.payment.feeOneTime")}, {t("registerVessel.payment.feeLifetime")}
            </p>
          </div>
          <p className="text-xl font-bold">{fee}</p>
        </div>
      </section>

      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <FileUp className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {t("registerVessel.payment.documentsNote")}
      </p>

      <CardPaymentPanel payment={payment} returnUrl={paymentReturnUrl} />

      {onBack ? (
        <div>
          <Button variant="outline" onClick={onBack} disabled={waiting}>
            {t("registerVessel.back")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
