import { ShieldAlert, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TransferRecordCheck } from "@/api/types";
import { Alert } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Fact } from "@/features/certificates/components/fact";
import { useTransferRecordCheck } from "@/features/certificates/api/get-certificate-check";
import { ApiError, errorMessage } from "@/lib/api-client";
import { formatDate, formatMoneyCents } from "@/lib/format";

/**
 * /verify/{serial} for a transfer record (`ESTR-…`): whether the registry signed it, and every line
 * it prints but the names, to compare with the paper.
 */
export function TransferRecordCheckView({ serial, frame }: { serial: string; frame: (body: ReactNode) => ReactNode }) {
  const { t } = useTranslation();
  const check = useTransferRecordCheck(serial);
  if (check.isPending) {
    return frame(
      <div role="status" aria-label={t("common.loading")} className="grid gap-4">
        <Skeleton className="h-24 w-full" />
      </div>,
    );
  }
  if (check.isError) {
    const missing = check.error instanceof ApiError && check.error.status === 404;
    return frame(
      <Alert variant="destructive" role="alert">
        {missing ? t("verifyRecord.notFound", { serial }) : errorMessage(check.error, t("common.genericError"))}
      </Alert>,
    );
  }
  return frame(<RecordResult record={check.data} />);
}

function RecordResult({ record }: { record: TransferRecordCheck }) {
  const { t, i18n } = useTranslation();
  const notStated = t("verifyRecord.notStated");
  return (
    <>
      {record.valid ? (
        <Alert role="status" className="flex gap-3 border-success/40 bg-success/10">
          <ShieldCheck className="size-6 shrink-0 text-success" aria-hidden="true" />
          <div className="grid gap-1">
            <p className="text-base font-semibold">{t("verifyRecord.validTitle")}</p>
            <p>{t("verifyRecord.validDescription")}</p>
          </div>
        </Alert>
      ) : (
        <Alert variant="destructive" role="alert" className="flex gap-3">
          <ShieldAlert className="size-6 shrink-0" aria-hidden="true" />
          <div className="grid gap-1">
            <p className="text-base font-semibold">{t("verifyRecord.invalidTitle")}</p>
            <p>{t("verifyCertificate.invalidDescription")}</p>
          </div>
        </Alert>
      )}
      <Card>
        <CardHeader>
          <CardTitle>{t("verifyCertificate.compareTitle")}</CardTitle>
          <CardDescription>{t("verifyRecord.compareDescription")}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Fact label={t("verifyRecord.serial")}>
              <span className="font-mono">{record.serial}</span>
            </Fact>
            <Fact label={t("vessel.platformId")}>
              <Link to={`/registry/${encodeURIComponent(record.platformId)}`} className="font-mono text-primary underline">
                {record.platformId}
              </Link>
            </Fact>
            <Fact label={t("verifyCertificate.vesselName")}>{record.name || t("vessel.unnamed")}</Fact>
            <Fact label={t("verifyCertificate.makeModel")}>{`${record.make} ${record.model}`}</Fact>
            <Fact label={t("verifyRecord.transferredAt")}>{formatDate(record.transferredAt, i18n.language, true)}</Fact>
            <Fact label={t("verifyRecord.salePrice")}>
              {record.salePriceCents == null
                ? notStated
                : formatMoneyCents(record.salePriceCents, record.currency, i18n.language)}
            </Fact>
            <Fact label={t("verifyRecord.certificateBefore")}>
              {record.certificateBefore ? (
                <Link to={`/verify/${record.certificateBefore}`} className="font-mono text-primary underline">
                  {record.certificateBefore}
                </Link>
              ) : (
                notStated
              )}
            </Fact>
            <Fact label={t("verifyRecord.certificateAfter")}>
              {record.certificateAfter ? (
                <Link to={`/verify/${record.certificateAfter}`} className="font-mono text-primary underline">
                  {record.certificateAfter}
                </Link>
              ) : (
                t("verifyRecord.notYetIssued")
              )}
            </Fact>
          </dl>
        </CardContent>
      </Card>
      <p className="text-sm text-muted-foreground">
        {t("verifyRecord.notContract")}{" "}
        <a href={`mailto:${record.supportEmail}`} className="text-primary underline">
          {record.supportEmail}
        </a>
      </p>
    </>
  );
}
