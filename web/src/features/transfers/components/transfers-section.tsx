import { useQueryClient } from "@tanstack/react-query";
import { ArrowDownLeft, ArrowRight, ArrowUpRight, CreditCard, FileDown, FileText } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Transfer } from "@/api/types";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { useDownloadTransferRecord } from "@/features/transfers/api/download-transfer-record";
import { isOpenTransfer, transfersQueryOptions, useTransfers } from "@/features/transfers/api/get-transfers";
import { CancelTransferButton } from "@/features/transfers/components/cancel-transfer-button";
import { transferStatusText, vesselLabel } from "@/features/transfers/components/transfer-status";
import { errorMessage } from "@/lib/api-client";
import { formatDate, knownMakeModel } from "@/lib/format";
import { lazyPart } from "@/lib/lazy-part";

// The card form is fetched when the buyer opens it, so the dashboard does not carry the forms' code.
const TransferPayment = lazyPart(() => import("@/features/transfers/components/transfer-payment"), "TransferPayment");

/**
 * The transfers the dashboard lists: open ones, ones waiting for a claim, and completed ones (the
 * seller's with its release receipt, both parties' with the transfer record).
 */
export function listedTransfers(transfers: readonly Transfer[]): Transfer[] {
  const rank = (t: Transfer) => (isOpenTransfer(t) ? 0 : t.awaitingClaim ? 1 : 2);
  return transfers
    .filter((t) => isOpenTransfer(t) || t.awaitingClaim || t.status === "completed")
    .sort((a, b) => rank(a) - rank(b));
}

/**
 * The dashboard's 'Transfers': each open or unclaimed transfer with its state in words;
 * the seller continues or cancels theirs, the new owner pays and accepts a verified one or declines it, and
 * a completed sale links to its release receipt. Nothing shows when there are none.
 *
 * `onChanged` runs when a transfer here changed the caller's vessels (canceled, or accepted).
 */
export function TransfersSection({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation();
  const transfers = useTransfers();

  if (transfers.isPending) return <Skeleton className="h-24 w-full" />;
  if (transfers.isError) {
    return (
      <Alert variant="destructive" role="alert">
        {errorMessage(transfers.error, t("common.genericError"))}
      </Alert>
    );
  }
  const listed = listedTransfers(transfers.data);
  if (listed.length === 0) return null;

  return (
    <section aria-labelledby="dashboard-transfers" className="grid gap-4">
      <h2 id="dashboard-transfers" className="text-xl font-semibold">
        {t("transfers.heading")}
      </h2>
      <ul className="grid gap-3">
        {listed.map((transfer) => (
          <li key={transfer.id}>
            <TransferItem transfer={transfer} onChanged={onChanged} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function TransferItem({ transfer, onChanged }: { transfer: Transfer; onChanged?: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = `transfer-${transfer.id}-title`;
  const date = (iso: string) => formatDate(iso, i18n.language, true);
  const open = isOpenTransfer(transfer);

  return (
    <Card className="grid gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-0.5">
          <h3 id={titleId} className="flex items-center gap-2 font-semibold">
            {transfer.outgoing ? (
              <ArrowUpRight className="size-4 text-primary" aria-hidden="true" />
            ) : (
              <ArrowDownLeft className="size-4 text-success" aria-hidden="true" />
            )}
            {vesselLabel(transfer)}
          </h3>
          <p className="text-sm text-muted-foreground">
            {knownMakeModel(transfer.vessel.make, transfer.vessel.model) ?? t("vessel.makeModelUnknown")} ·{" "}
            <span className="font-mono">{transfer.vessel.platformId}</span>
          </p>
        </div>
        <Badge variant={transfer.outgoing ? "outline" : "secondary"}>
          {transfer.outgoing ? t("transfers.outgoing") : t("transfers.incoming")}
        </Badge>
      </div>

      <p className="font-medium">{transferStatusText(transfer, t)}</p>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {transfer.outgoing ? (
          <>
            <dt className="text-muted-foreground">{t("transfers.to")}</dt>
            <dd className="font-mono">{transfer.toPhoneMasked}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">{t("transfers.started")}</dt>
        <dd>{date(transfer.createdAt)}</dd>
        {open ? (
          <>
            <dt className="text-muted-foreground">{t("transfers.expires")}</dt>
            <dd>{date(transfer.expiresAt)}</dd>
          </>
        ) : null}
        {transfer.completedAt ? (
          <>
            <dt className="text-muted-foreground">{t("transfers.completed")}</dt>
            <dd>{date(transfer.completedAt)}</dd>
          </>
        ) : null}
      </dl>

      <div className="flex flex-wrap gap-2">
        {transfer.outgoing && open ? (
          <>
            <Button asChild size="sm">
              <Link to={`/transfer/${encodeURIComponent(transfer.vessel.id)}`} aria-describedby={titleId}>
                <ArrowRight aria-hidden="true" />
                {t("transfers.continue")}
              </Link>
            </Button>
            <CancelTransferButton transfer={transfer} onCanceled={onChanged} describedBy={titleId} />
          </>
        ) : null}
        {!transfer.outgoing && transfer.status === "verified" ? (
          <PayAndAccept transfer={transfer} titleId={titleId} onAccepted={onChanged} />
        ) : null}
        {!transfer.outgoing && transfer.status === "pending_verification" ? (
          <p className="text-sm text-muted-foreground">
            {t("transfers.readOutCode")} {t("transfers.codeAndTransferTimes", { until: date(transfer.expiresAt) })}
          </p>
        ) : null}
        {!transfer.outgoing && open ? (
          <CancelTransferButton transfer={transfer} onCanceled={onChanged} describedBy={titleId} />
        ) : null}
        {transfer.outgoing && transfer.status === "completed" ? (
          <Button asChild variant="outline" size="sm">
            <Link to={`/transfers/${encodeURIComponent(transfer.id)}/receipt`} aria-describedby={titleId}>
              <FileText aria-hidden="true" />
              {t("transfers.receipt")}
            </Link>
          </Button>
        ) : null}
        {transfer.status === "completed" && !transfer.awaitingClaim ? (
          <TransferRecordButton transferId={transfer.id} titleId={titleId} />
        ) : null}
      </div>
    </Card>
  );
}

/** The signed record of the completed sale, the same for both parties. */
function TransferRecordButton({ transferId, titleId }: { transferId: string; titleId: string }) {
  const { t } = useTranslation();
  const download = useDownloadTransferRecord();
  const onClick = () =>
    download.mutate(transferId, {
      onError: (err) =>
        toast({
          variant: "destructive",
          title: t("common.error"),
          error: err,
          description: errorMessage(err, t("common.genericError")),
        }),
    });
  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={download.isPending} aria-describedby={titleId}>
      <FileDown aria-hidden="true" />
      {t("transfers.record")}
    </Button>
  );
}

/** The new owner pays the fee of a verified transfer from here; the vessel is theirs once it succeeds. */
function PayAndAccept({ transfer, titleId, onAccepted }: { transfer: Transfer; titleId: string; onAccepted?: () => void }) {
  // Fetched with the button, so the form is there when the dialog opens (and takes the focus).
  useEffect(() => TransferPayment.preload(), []);
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  const onCompleted = () => {
    setOpen(false);
    toast({
      title: t("transferWizard.completeTitle"),
      description: t("transfers.acceptedDescription", { vessel: vesselLabel(transfer) }),
    });
    void queryClient.invalidateQueries({ queryKey: transfersQueryOptions().queryKey });
    onAccepted?.();
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" aria-describedby={titleId}>
          <CreditCard aria-hidden="true" />
          {t("transfers.payAndAccept")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t("transfers.payAndAcceptTitle", { vessel: vesselLabel(transfer) })}</DialogTitle>
          <DialogDescription>{t("transfers.payAndAcceptDescription")}</DialogDescription>
        </DialogHeader>
        {open ? <TransferPayment transfer={transfer} onCompleted={onCompleted} /> : null}
      </DialogContent>
    </Dialog>
  );
}
