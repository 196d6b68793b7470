import { zodResolver } from "@hookform/resolvers/zod";
import type { TFunction } from "i18next";
import { KeyRound, QrCode, Scale, SearchX, ShieldAlert, ShieldCheck, TriangleAlert } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { CertificateCheck, CertificateStatus, CertifiedOwner } from "@/api/types";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CountryFlag } from "@/components/ui/country-flag";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Fact } from "@/features/certificates/components/fact";
import {
  isTransferRecordSerial,
  PUBLIC_KEY_PATH,
  useCertificateCheck,
  useCheckOwnerName,
  usePublicKey,
} from "@/features/certificates/api/get-certificate-check";
import { TransferRecordCheckView } from "@/features/certificates/components/transfer-record-check";
import { checkPaperSignature, type PaperSignature, signatureFromFragment } from "@/features/certificates/lib/paper-signature";
import { ApiError, errorMessage } from "@/lib/api-client";
import { countryNameKey } from "@/lib/countries";
import { formatDate, formatLengthCm } from "@/lib/format";
import { describedLines } from "@/lib/particulars";
import { z } from "@/lib/zod";
import { useDocumentTitle } from "@/lib/use-document-title";
import { StolenNotice } from "@/features/vessels/public";

const STATUS_BADGE: Record<CertificateStatus, "success" | "warning" | "destructive"> = {
  current: "success",
  superseded: "warning",
  revoked: "destructive",
};

/**
 * /verify/{serial}: the public check of a registration certificate (the QR code on the paper
 * leads here). Whether the registry's signature holds, whether the certificate is still current,
 * every particular the paper prints (to compare line by line), the owner's kind but never their
 * name (a person may type the printed name to have it checked), what a certificate is and is not,
 * and what anyone needs to check the signature themselves.
 */
export function VerifyCertificatePage() {
  const { serial = "" } = useParams();
  // The QR code of a transfer record leads here too.
  if (isTransferRecordSerial(serial)) {
    return <TransferRecordCheckView serial={serial} frame={(body) => <Frame>{body}</Frame>} />;
  }
  return <CertificateCheckView serial={serial} />;
}

function CertificateCheckView({ serial }: { serial: string }) {
  const { t } = useTranslation();
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

/**
 * The headline: whether this is the vessel's current certificate comes first (a genuine but
 * superseded paper must not read as 'valid'), the signature's validity second.
 */
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
  const current = certificate.status === "current";
  return (
    <Alert
      role={current ? "status" : "alert"}
      variant={current ? undefined : certificate.status === "revoked" ? "destructive" : "warning"}
      className={current ? "flex gap-3 border-success/40 bg-success/10" : "flex gap-3"}
    >
      {current ? (
        <ShieldCheck className="size-6 shrink-0 text-success" aria-hidden="true" />
      ) : (
        <TriangleAlert className="size-6 shrink-0" aria-hidden="true" />
      )}
      <div className="grid gap-1">
        <p className="text-base font-semibold">{t(`verifyCertificate.headline.${certificate.status}`)}</p>
        <p>{t("verifyCertificate.signatureValid")}</p>
      </div>
    </Alert>
  );
}

/** What the QR code's own signature says about the particulars shown (when the page was opened from it). */
function PaperSignatureNote({ certificate }: { certificate: CertificateCheck }) {
  const { t } = useTranslation();
  const [paper] = useState(() => signatureFromFragment(window.location.hash));
  const key = usePublicKey(paper !== null);
  const [verdict, setVerdict] = useState<PaperSignature | null>(null);
  useEffect(() => {
    if (paper === null || !key.data) return;
    let live = true;
    void checkPaperSignature(paper, certificate.signedData, key.data.publicKey).then((v) => {
      if (live) setVerdict(v);
    });
    return () => {
      live = false;
    };
  }, [paper, key.data, certificate.signedData]);
  if (paper === null || verdict === null) return null;
  if (verdict === "differs") {
    return (
      <Alert variant="destructive" role="alert" className="flex gap-3">
        <QrCode className="size-5 shrink-0" aria-hidden="true" />
        <p>{t("verifyCertificate.paper.differs")}</p>
      </Alert>
    );
  }
  return (
    <Alert role="status" className="flex gap-3">
      <QrCode className="size-5 shrink-0 text-primary" aria-hidden="true" />
      <p>{t(`verifyCertificate.paper.${verdict}`)}</p>
    </Alert>
  );
}

const ownerNameSchema = z.object({ ownerName: z.string().trim().min(2, "verifyCertificate.ownerCheck.required") });
type OwnerNameForm = z.infer<typeof ownerNameSchema>;

/** 'Check the owner's name': the registry never shows it, but says whether the printed one is certified. */
function OwnerNameCheck({ serial }: { serial: string }) {
  const { t } = useTranslation();
  const check = useCheckOwnerName(serial);
  const form = useForm<OwnerNameForm>({ resolver: zodResolver(ownerNameSchema), defaultValues: { ownerName: "" } });
  const error = form.formState.errors.ownerName?.message;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("verifyCertificate.ownerCheck.title")}</CardTitle>
        <CardDescription>{t("verifyCertificate.ownerCheck.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <form
          noValidate
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => void form.handleSubmit((values) => check.mutate(values.ownerName))(event)}
        >
          <div className="grid flex-1 gap-1">
            <Label htmlFor="owner-name">{t("verifyCertificate.ownerCheck.label")}</Label>
            <Input
              id="owner-name"
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "owner-name-error" : undefined}
              {...form.register("ownerName", { onChange: () => check.reset() })}
            />
            {error ? (
              <p id="owner-name-error" className="text-sm text-destructive">
                {t(error)}
              </p>
            ) : null}
          </div>
          <Button type="submit" disabled={check.isPending}>
            {t("verifyCertificate.ownerCheck.submit")}
          </Button>
        </form>
        {check.data?.ownerNameMatches === true ? (
          <Alert role="status" className="border-success/40 bg-success/10">
            {t("verifyCertificate.ownerCheck.matches", { name: check.data.ownerName ?? "" })}
          </Alert>
        ) : null}
        {check.data?.ownerNameMatches === false ? (
          <Alert variant="destructive" role="alert">
            {t("verifyCertificate.ownerCheck.differs")}
          </Alert>
        ) : null}
        {check.isError ? (
          <Alert variant="destructive" role="alert">
            {errorMessage(check.error, t("common.genericError"))}
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ownerDescription(owner: CertifiedOwner, t: TFunction): string {
  if (owner.kind === "company") {
    // The number is signed with the certificate (from version 3): compare it with the paper's.
    return owner.companyNumber
      ? t("verifyCertificate.owner.companyNumbered", { number: owner.companyNumber })
      : t("verifyCertificate.owner.company");
  }
  return t(owner.nameVerified ? "verifyCertificate.owner.personVerified" : "verifyCertificate.owner.personNotVerified");
}

function CertificateResult({ certificate }: { certificate: CertificateCheck }) {
  const { t, i18n } = useTranslation();
  const { vessel } = certificate;
  const countryKey = countryNameKey(vessel.countryCode);
  const notRecorded = t("vessel.notRecorded");
  const ids = vessel.identifiers;
  const known = (v: string | null | undefined) => (v && v !== "unknown" ? v : null);
  const identifierRows: [string, string][] = [
    [t("identifiers.cin.label"), known(vessel.cin)],
    [t("verifyCertificate.legacyId"), known(ids.legacyId)],
    [t("identifiers.mmsi.label"), known(ids.mmsi)],
    [t("verifyCertificate.imoNumber"), known(ids.imoNumber)],
    [t("verifyCertificate.eniNumber"), known(ids.eniNumber)],
    ...Object.entries(ids.national).map(
      ([type, value]) => [t(`identifiers.${type}.label`, { defaultValue: type }), known(value)] as const,
    ),
  ].filter((row): row is [string, string] => row[1] !== null);

  return (
    <Frame>
      {certificate.stolen ? <StolenNotice stolen={certificate.stolen} /> : null}
      <Verdict certificate={certificate} />
      <PaperSignatureNote certificate={certificate} />

      <Card>
        <CardHeader>
          <CardTitle>{t("verifyCertificate.compareTitle")}</CardTitle>
          <CardDescription>{t("verifyCertificate.compareDescription")}</CardDescription>
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
            <Fact label={t("verifyCertificate.vesselName")}>{vessel.name || t("vessel.unnamed")}</Fact>
            <Fact label={t("verifyCertificate.makeModel")}>{`${vessel.make} ${vessel.model}`}</Fact>
            <Fact label={t("vessel.buildYear")}>{vessel.buildYear ?? notRecorded}</Fact>
            <Fact label={t("vessel.length")}>
              {vessel.lengthCm == null ? notRecorded : formatLengthCm(vessel.lengthCm, i18n.language)}
            </Fact>
            <Fact label={t("vessel.country")}>
              <span className="inline-flex items-center gap-1.5">
                <CountryFlag code={vessel.countryCode} decorative />
                {countryKey ? `${t(countryKey)} (${vessel.countryCode})` : vessel.countryCode}
              </span>
            </Fact>
            {describedLines(vessel, t, i18n.language).map((line) => (
              <Fact key={line.key} label={line.label}>
                {line.value}
              </Fact>
            ))}
            {identifierRows.map(([label, value]) => (
              <Fact key={label} label={label}>
                <span className="font-mono">{value}</span>
              </Fact>
            ))}
            <Fact label={t("verifyCertificate.owner.label")}>{ownerDescription(certificate.owner, t)}</Fact>
          </dl>
        </CardContent>
      </Card>

      <OwnerNameCheck serial={certificate.serial} />

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Scale className="size-5 text-primary" aria-hidden="true" />
            {t("verifyCertificate.whatItIsTitle")}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          <p>{t("verifyCertificate.notTitle")}</p>
          <p>
            {t("verifyCertificate.disputes")}{" "}
            <a href={`mailto:${certificate.supportEmail}`} className="text-primary underline">
              {certificate.supportEmail}
            </a>{" "}
            (
            <Link to="/contact" className="text-primary underline">
              {t("verifyCertificate.contactPage")}
            </Link>
            )
          </p>
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
