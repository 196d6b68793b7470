import { KeyRound, SearchX, ShieldAlert, ShieldCheck, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { CertificateCheck, CertificateStatus } from "@/api/types";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CountryFlag } from "@/components/ui/country-flag";
import { Skeleton } from "@/components/ui/skeleton";
import { PUBLIC_KEY_PATH, useCertificateCheck } from "@/features/certificates/api/get-certificate-check";
import { ApiError, errorMessage } from "@/lib/api-client";
import { countryNameKey } from "@/lib/countries";
import { formatDate } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";

const STATUS_BADGE: Record<CertificateStatus, "success" | "warning" | "destructive"> = {
  current: "success",
  superseded: "warning",
  revoked: "destructive",
};

/**
 * /verify/{serial}: the public check of a registration certificate (the QR code on the paper
 * leads here). Whether the registry's signature holds, whether the certificate is still current,
 * its serial, platform ID and issue date, the vessel's public particulars, and what anyone needs
 * to check the signature themselves. Never the owner.
 */
export function VerifyCertificatePage() {
  const { t } = useTranslation();
  const { serial = "" } = useParams();
  const check = useCertificateCheck(serial);
  const notFound = check.isError && check.error instanceof ApiError && (check.error.status === 404 || check.error.status === 400);
  useDocumentTitle(notFound ? t("verifyCertificate.notFoundTitle") : t("verifyCertificate.title"));

  if (check.isPending) {
    return (
      <Frame>
        <div role="status" aria-label={t("common.loading")} className="grid gap-4">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      </Frame>
    );
  }
  if (notFound) return <CertificateNotFound serial={serial} />;
  if (check.isError) {
    return (
      <Frame>
        <Alert variant="destructive" role="alert">
          {errorMessage(check.error, t("common.genericError"))}
        </Alert>
      </Frame>
    );
  }
  return <CertificateResult certificate={check.data} />;
}

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("verifyCertificate.title")}</h1>
        <p className="text-muted-foreground">{t("verifyCertificate.description")}</p>
      </div>
      {children}
    </div>
  );
}

function CertificateNotFound({ serial }: { serial: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-4 px-4 py-20 text-center">
      <SearchX className="size-12 text-primary" aria-hidden="true" />
      <h1 className="text-3xl font-bold">{t("verifyCertificate.notFoundTitle")}</h1>
      <p className="text-muted-foreground">{t("verifyCertificate.notFoundDescription", { serial })}</p>
      <Button asChild variant="outline">
        <Link to="/registry">{t("verifyCertificate.searchRegistry")}</Link>
      </Button>
    </div>
  );
}

function Verdict({ certificate }: { certificate: CertificateCheck }) {
  const { t } = useTranslation();
  if (!certificate.valid) {
    return (
      <Alert variant="destructive" role="alert" className="flex gap-3">
        <ShieldAlert className="size-6 shrink-0" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="text-base font-semibold">{t("verifyCertificate.invalidTitle")}</p>
          <p>{t("verifyCertificate.invalidDescription")}</p>
        </div>
      </Alert>
    );
  }
  return (
    <div className="grid gap-3">
      <Alert role="status" className="flex gap-3 border-success/40 bg-success/10">
        <ShieldCheck className="size-6 shrink-0 text-success" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="text-base font-semibold">{t("verifyCertificate.validTitle")}</p>
          <p>{t("verifyCertificate.validDescription")}</p>
        </div>
      </Alert>
      {certificate.status === "current" ? null : (
        <Alert variant="warning" role="note" className="flex gap-3">
          <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
          <p>{t(`verifyCertificate.statusExplained.${certificate.status}`)}</p>
        </Alert>
      )}
    </div>
  );
}

function CertificateResult({ certificate }: { certificate: CertificateCheck }) {
  const { t, i18n } = useTranslation();
  const { vessel } = certificate;
  const countryKey = countryNameKey(vessel.countryCode);
  const notRecorded = t("vessel.notRecorded");

  return (
    <Frame>
      <Verdict certificate={certificate} />

      <Card>
        <CardHeader>
          <CardTitle>{t("verifyCertificate.detailsTitle")}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Fact label={t("verifyCertificate.status")}>
              <span className="grid gap-1">
                <span>
                  <Badge variant={STATUS_BADGE[certificate.status]}>
                    {t(`verifyCertificate.statuses.${certificate.status}`)}
                  </Badge>
                </span>
                <span className="text-sm font-normal text-muted-foreground">
                  {t(`verifyCertificate.statusExplained.${certificate.status}`)}
                </span>
              </span>
            </Fact>
            <Fact label={t("verifyCertificate.serial")}>
              <span className="font-mono">{certificate.serial}</span>
            </Fact>
            <Fact label={t("vessel.platformId")}>
              <Link to={`/registry/${encodeURIComponent(certificate.platformId)}`} className="font-mono text-primary underline">
                {certificate.platformId}
              </Link>
            </Fact>
            <Fact label={t("verifyCertificate.issued")}>{formatDate(certificate.issuedAt, i18n.language, true)}</Fact>
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("verifyCertificate.vesselTitle")}</CardTitle>
          <CardDescription>{t("verifyCertificate.vesselDescription")}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Fact label={t("verifyCertificate.vesselName")}>{vessel.name || t("vessel.unnamed")}</Fact>
            <Fact label={t("verifyCertificate.makeModel")}>{`${vessel.make} ${vessel.model}`}</Fact>
            <Fact label={t("vessel.buildYear")}>{vessel.buildYear ?? notRecorded}</Fact>
            <Fact label={t("vessel.country")}>
              <span className="inline-flex items-center gap-1.5">
                <CountryFlag code={vessel.countryCode} decorative />
                {countryKey ? `${t(countryKey)} (${vessel.countryCode})` : vessel.countryCode}
              </span>
            </Fact>
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <KeyRound className="size-5 text-primary" aria-hidden="true" />
            {t("verifyCertificate.selfCheckTitle")}
          </CardTitle>
          <CardDescription>{t("verifyCertificate.selfCheckDescription")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-1">
            <h3 id="signed-data-label" className="text-sm font-medium">
              {t("verifyCertificate.signedData")}
            </h3>
            <pre
              aria-labelledby="signed-data-label"
              tabIndex={0}
              className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-md bg-muted p-3 font-mono text-xs"
            >
              {certificate.signedData}
            </pre>
          </div>
          <div className="grid gap-1">
            <h3 id="signature-label" className="text-sm font-medium">
              {t("verifyCertificate.signature")}
            </h3>
            <pre
              aria-labelledby="signature-label"
              tabIndex={0}
              className="overflow-auto whitespace-pre-wrap break-all rounded-md bg-muted p-3 font-mono text-xs"
            >
              {certificate.signature}
            </pre>
          </div>
          <p className="text-sm text-muted-foreground">{t("verifyCertificate.selfCheckHow")}</p>
          <p className="text-sm">
            <a href={PUBLIC_KEY_PATH} className="text-primary underline">
              {t("verifyCertificate.publicKeyLink")}
            </a>
          </p>
        </CardContent>
      </Card>
    </Frame>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
