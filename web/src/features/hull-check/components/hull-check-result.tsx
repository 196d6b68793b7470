import { CircleHelp, ShieldAlert, ShieldCheck, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CinCheck, HullCheck, HullCheckVessel } from "@/api/types";
import { Alert } from "@/components/ui/alert";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { CountryFlag } from "@/components/ui/country-flag";
import { EncumberedNoticeByPlatformId, StolenNotice } from "@/features/vessels/public";
import { serverText } from "@/lib/api-client";
import { countryNameKey } from "@/lib/countries";
import { knownMakeModel } from "@/lib/format";

/**
 * What the registry knows of a hull, as a buyer reads it before paying: registered or not, the
 * vessel's platform ID and status, 'Reported stolen' and 'Encumbered' as its page says them,
 * whether its ownership history verifies, its CIN/HIN decoded (or why it cannot be), what does
 * not add up, and the server's one-line summary. Never anything about the owner.
 */
export function HullCheckResult({ check, asked }: { check: HullCheck; asked: string }) {
  const { t } = useTranslation();
  const { vessel } = check;
  return (
    <Card>
      <CardHeader>
        <h2 id="hull-check-result" className="text-xl font-semibold leading-tight">
          {t("hullCheck.result.heading", { identifier: asked })}
        </h2>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Verdict registered={check.registered} />
        {check.summary ? (
          <p className="rounded-md border border-border bg-muted/40 p-3 font-medium" data-testid="hull-check-summary">
            {check.summary}
          </p>
        ) : null}
        {check.stolen ? <StolenNotice stolen={check.stolen} /> : null}
        {check.encumbered && vessel ? <EncumberedNoticeByPlatformId platformId={vessel.platformId} /> : null}
        {check.warnings.length > 0 ? (
          <Alert variant="warning" role="note" className="flex gap-3">
            <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
            <div className="grid gap-1">
              <p className="font-semibold">{t("hullCheck.result.warnings")}</p>
              <ul className="grid gap-0.5">
                {check.warnings.map((warning) => (
                  <li key={warning.code}>{warning.message}</li>
                ))}
              </ul>
            </div>
          </Alert>
        ) : null}
        {vessel ? <VesselFacts vessel={vessel} historyVerified={check.historyVerified ?? null} /> : null}
        {check.cin ? <CinFacts cin={check.cin} /> : null}
      </CardContent>
    </Card>
  );
}

/** 'Registered' or 'Not registered', with what that does and does not tell a buyer. */
function Verdict({ registered }: { registered: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1">
      <p className="flex items-center gap-2 text-lg font-semibold">
        {registered ? (
          <ShieldCheck className="size-5 text-success" aria-hidden="true" />
        ) : (
          <CircleHelp className="size-5 text-muted-foreground" aria-hidden="true" />
        )}
        {registered ? t("hullCheck.result.registered") : t("hullCheck.result.notRegistered")}
      </p>
      <p className="text-sm text-muted-foreground">
        {registered ? t("hullCheck.result.registeredDetail") : t("hullCheck.result.notRegisteredDetail")}
      </p>
    </div>
  );
}

function VesselFacts({ vessel, historyVerified }: { vessel: HullCheckVessel; historyVerified: boolean | null }) {
  const { t } = useTranslation();
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      <Fact label={t("vessel.platformId")}>
        <Link to={`/registry/${encodeURIComponent(vessel.platformId)}`} className="font-mono text-primary hover:underline">
          {vessel.platformId}
        </Link>
      </Fact>
      <Fact label={t("hullCheck.result.status")}>{t(`vessel.status.${vessel.status}`)}</Fact>
      <Fact label={t("hullCheck.result.makeModel")}>
        {knownMakeModel(vessel.make, vessel.model) ?? t("vessel.makeModelUnknown")}
      </Fact>
      <Fact label={t("vessel.buildYear")}>{vessel.buildYear ?? t("vessel.unknown")}</Fact>
      {historyVerified != null ? (
        <Fact label={t("hullCheck.result.history")}>
          <span className="inline-flex items-center gap-1.5">
            {historyVerified ? (
              <ShieldCheck className="size-4 text-success" aria-hidden="true" />
            ) : (
              <ShieldAlert className="size-4 text-destructive" aria-hidden="true" />
            )}
            {historyVerified ? t("hullCheck.result.historyVerified") : t("hullCheck.result.historyNotVerified")}
          </span>
        </Fact>
      ) : null}
    </dl>
  );
}

/** The CIN/HIN decoded (ISO 10087), or why it cannot be. */
function CinFacts({ cin }: { cin: CinCheck }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="hull-check-cin" className="grid gap-3 border-t border-border pt-4">
      <h3 id="hull-check-cin" className="font-semibold">
        {t("hullCheck.cin.heading")}
      </h3>
      {cin.wellFormed ? (
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <Fact label={t("vessel.cin")}>
            <span className="font-mono">{cin.value}</span>
          </Fact>
          {cin.country ? (
            <Fact label={t("hullCheck.cin.country")}>
              <span className="inline-flex items-center gap-1.5">
                <CountryFlag code={cin.country} decorative />
                {t("hullCheck.cin.countryValue", { name: countryName(cin.country, i18n.language, t), code: cin.country })}
              </span>
            </Fact>
          ) : null}
          {cin.manufacturerCode ? (
            <Fact label={t("hullCheck.cin.manufacturer")}>
              <span className="font-mono">{cin.manufacturerCode}</span>
            </Fact>
          ) : null}
          {cin.serial ? (
            <Fact label={t("hullCheck.cin.serial")}>
              <span className="font-mono">{cin.serial}</span>
            </Fact>
          ) : null}
          {cin.productionMonth != null ? (
            <Fact label={t("hullCheck.cin.production")}>
              {cin.productionYearDigit != null
                ? t("hullCheck.cin.productionValue", {
                    month: monthName(cin.productionMonth, i18n.language),
                    digit: cin.productionYearDigit,
                  })
                : monthName(cin.productionMonth, i18n.language)}
            </Fact>
          ) : null}
          {cin.modelYear != null ? <Fact label={t("hullCheck.cin.modelYear")}>{cin.modelYear}</Fact> : null}
        </dl>
      ) : (
        <Alert variant="warning" role="note" className="grid gap-1">
          <p className="font-semibold">{t("hullCheck.cin.malformed", { value: cin.value })}</p>
          {cin.problem ? <p>{serverText(cin.problemCode, cin.problem)}</p> : null}
        </Alert>
      )}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

/** 3 -> "March" in the reader's language. */
function monthName(month: number, language: string): string {
  return new Intl.DateTimeFormat(language, { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2000, month - 1, 1)));
}

/** A country's name: ours for a supported one, else the browser's, else its code. */
function countryName(code: string, language: string, t: (key: string) => string): string {
  const key = countryNameKey(code);
  if (key) return t(key);
  try {
    return new Intl.DisplayNames([language], { type: "region" }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
