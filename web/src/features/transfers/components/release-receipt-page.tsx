import { FileSearch, Printer } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { Transfer } from "@/api/types";
import { RequireAuth } from "@/components/layout/require-auth";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useTransfer } from "@/features/transfers/api/get-transfer";
import { ApiError, errorMessage } from "@/lib/api-client";
import { formatDate, UNKNOWN } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * /transfers/{id}/receipt: the seller's release receipt for a completed transfer, to print. It
 * states the vessel, the date the transfer completed and its reference, and nothing about who
 * the new owner is (not even the masked number). Anyone but the seller finds nothing here.
 */
export function ReleaseReceiptPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("receipt.title"));
  const { transferId = "" } = useParams();
  return <RequireAuth>{() => <Receipt transferId={transferId} />}</RequireAuth>;
}

function Receipt({ transferId }: { transferId: string }) {
  const { t } = useTranslation();
  const transfer = useTransfer(transferId);

  if (transfer.isPending) {
    return (
      <Frame>
        <div role="status" aria-label={t("common.loading")} className="grid gap-4">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-48 w-full" />
        </div>
      </Frame>
    );
  }
  if (transfer.isError) {
    const missing = transfer.error instanceof ApiError && [400, 403, 404].includes(transfer.error.status);
    if (missing) return <ReceiptNotFound />;
    return (
      <Frame>
        <h1 className="mb-6 text-3xl font-bold tracking-tight">{t("receipt.title")}</h1>
        <Alert variant="destructive" role="alert">
          {errorMessage(transfer.error, t("common.genericError"))}
        </Alert>
      </Frame>
    );
  }
  // Only the seller's completed transfer has a release receipt.
  if (!transfer.data.outgoing || transfer.data.status !== "completed" || !transfer.data.completedAt) {
    return <ReceiptNotFound />;
  }
  return <ReceiptView transfer={transfer.data} completedAt={transfer.data.completedAt} />;
}

function Frame({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-3xl px-4 py-10 print:max-w-none print:p-0">{children}</div>;
}

function ReceiptView({ transfer, completedAt }: { transfer: Transfer; completedAt: string }) {
  const { t, i18n } = useTranslation();
  const value = (v: string) => (v === UNKNOWN ? t("vessel.unknown") : v);
  const completed = formatDate(completedAt, i18n.language, true);

  return (
    <Frame>
      <Card className="print:border-0 print:shadow-none">
        <CardHeader className="gap-2">
          <p className="text-sm font-medium text-muted-foreground">{t("brand.name")}</p>
          <h1 className="text-3xl font-bold tracking-tight">{t("receipt.title")}</h1>
          <p className="text-muted-foreground">{t("receipt.statement", { date: completed })}</p>
        </CardHeader>
        <CardContent className="grid gap-6">
          <dl className="grid gap-x-8 gap-y-3 sm:grid-cols-[12rem_1fr]">
            <dt className="font-medium">{t("receipt.vesselName")}</dt>
            <dd>{transfer.vessel.name || t("vessel.unnamed")}</dd>
            <dt className="font-medium">{t("receipt.make")}</dt>
            <dd>{value(transfer.vessel.make)}</dd>
            <dt className="font-medium">{t("receipt.model")}</dt>
            <dd>{value(transfer.vessel.model)}</dd>
            <dt className="font-medium">{t("vessel.platformId")}</dt>
            <dd className="font-mono">{transfer.vessel.platformId}</dd>
            <dt className="font-medium">{t("receipt.completedOn")}</dt>
            <dd>{completed}</dd>
            <dt className="font-medium">{t("receipt.reference")}</dt>
            <dd className="break-all font-mono">{transfer.id}</dd>
          </dl>
          <p className="text-sm text-muted-foreground">{t("receipt.privacy")}</p>
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button onClick={() => window.print()}>
              <Printer aria-hidden="true" />
              {t("receipt.print")}
            </Button>
            <Button asChild variant="outline">
              <Link to="/dashboard">{t("receipt.backToDashboard")}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </Frame>
  );
}

function ReceiptNotFound() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-4 px-4 py-20 text-center">
      <FileSearch className="size-12 text-primary" aria-hidden="true" />
      <h1 className="text-3xl font-bold">{t("receipt.notFoundTitle")}</h1>
      <p className="text-muted-foreground">{t("receipt.notFoundDescription")}</p>
      <Button asChild>
        <Link to="/dashboard">{t("receipt.backToDashboard")}</Link>
      </Button>
    </div>
  );
}
