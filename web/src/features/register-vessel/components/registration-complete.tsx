import { CircleCheck, Hourglass, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CreatedVessel } from "@/api/types";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatEuroCents, REGISTRATION_FEE_CENTS } from "@/lib/format";

/**
 * The end of the wizard until card payments exist (a later issue): the vessel is
 * registered with its platform ID and waits for the registration fee before it is public.
 */
export function RegistrationComplete({ vessel }: { vessel: CreatedVessel }) {
  const { t, i18n } = useTranslation();
  const fee = formatEuroCents(REGISTRATION_FEE_CENTS, i18n.language);
  const warnings = vessel.warnings ?? [];
  return (
    <div className="grid gap-6">
      {warnings.length > 0 ? (
        <Alert variant="warning" role="note" aria-labelledby="registration-warnings" className="grid gap-2">
          <p id="registration-warnings" className="flex items-center gap-2 font-semibold">
            <TriangleAlert className="size-4" aria-hidden="true" />
            {t("registerVessel.complete.warningsTitle")}
          </p>
          <ul className="list-disc pl-6">
            {warnings.map((w, index) => (
              <li key={`${w.field}-${index}`}>{w.message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <div className="grid justify-items-center gap-3 text-center">
        <CircleCheck className="size-12 text-success" aria-hidden="true" />
        <p className="text-muted-foreground">{t("registerVessel.complete.platformIdLabel")}</p>
        <p className="font-mono text-3xl font-bold tracking-wider text-primary">{vessel.platformId}</p>
        <p>{t("registerVessel.complete.registered", { platformId: vessel.platformId, fee })}</p>
      </div>

      <Alert variant="warning" className="flex gap-3">
        <Hourglass className="size-5 shrink-0" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-semibold">{t("registerVessel.complete.awaitingPayment")}</p>
          <p>{t("registerVessel.complete.paymentLater", { fee })}</p>
        </div>
      </Alert>

      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button asChild>
          <Link to={`/registry/${encodeURIComponent(vessel.platformId)}`}>{t("registerVessel.complete.viewVessel")}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/dashboard">{t("registerVessel.complete.goToDashboard")}</Link>
        </Button>
      </div>
    </div>
  );
}
