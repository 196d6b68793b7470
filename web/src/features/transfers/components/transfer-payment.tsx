import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CreatedIntent, Payment, Transfer } from "@/api/types";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { PaymentForm, useCreatePaymentIntent, useSettledPayment } from "@/features/payments/public";
import { vesselLabel } from "@/features/transfers/components/transfer-status";
import { errorMessage } from "@/lib/api-client";
import { formatEuroCents, TRANSFER_FEE_CENTS } from "@/lib/format";

/** Where the card provider sends the browser back after an authentication page. */
export function transferPaymentReturnUrl(paymentId: string): string {
  return `${window.location.origin}/transfers/payment?paymentId=${encodeURIComponent(paymentId)}`;
}

/**
 * The transfer fee of a verified transfer, paid by card: the seller in the wizard's step 3, or
 * the new owner from their dashboard. The intent is created when this opens (the server reuses
 * the transfer's unfinished payment); `onCompleted` runs only once the server reports the
 * payment succeeded, which is when the vessel changes hands.
 */
export function TransferPayment({ transfer, onCompleted }: { transfer: Transfer; onCompleted: (payment: Payment) => void }) {
  const { t, i18n } = useTranslation();
  const createIntent = useCreatePaymentIntent();
  const [intent, setIntent] = useState<CreatedIntent | null>(null);
  const [confirmedId, setConfirmedId] = useState<string | null>(null);
  const asked = useRef<string | null>(null);
  const settled = useSettledPayment(confirmedId, {
    onSucceeded: onCompleted,
    onFailed: () => setConfirmedId(null),
  });

  const start = () => {
    createIntent.mutate(
      { purpose: "transfer", vesselId: transfer.vessel.id, transferId: transfer.id },
      {
        onSuccess: setIntent,
        onError: (err) =>
          toast({
            variant: "destructive",
            title: t("payment.errorTitle"),
            description: errorMessage(err, t("payment.errorFallback")),
          }),
      },
    );
  };
  // Once per transfer when this opens; the effect event sees this render's `start`.
  const startOnOpen = useEffectEvent(start);
  useEffect(() => {
    if (asked.current === transfer.id) return;
    asked.current = transfer.id;
    startOnOpen();
  }, [transfer.id]);

  const fee = formatEuroCents(intent?.amountCents ?? TRANSFER_FEE_CENTS, i18n.language);
  const waiting = confirmedId != null && settled.data?.status !== "failed" && settled.data?.status !== "canceled";
  const summaryId = `transfer-fee-${transfer.id}`;

  return (
    <div className="grid gap-6">
      <section aria-labelledby={summaryId} className="grid gap-3 rounded-lg border border-border bg-muted/40 p-4">
        <h3 id={summaryId} className="text-sm font-semibold">
          {t("transferWizard.payment.summary")}
        </h3>
        <div className="flex items-center justify-between gap-4">
          <div>
            <p className="font-semibold">{t("transferWizard.payment.feeName")}</p>
            <p className="text-sm text-muted-foreground">
              {t("transferWizard.payment.feeFor", { vessel: vesselLabel(transfer), platformId: transfer.vessel.platformId })}
            </p>
          </div>
          <p className="text-xl font-bold">{fee}</p>
        </div>
      </section>

      {waiting ? (
        <p role="status" className="rounded-lg border border-border p-4 text-center font-medium">
          {settled.isError ? errorMessage(settled.error, t("payment.stillProcessing")) : t("payment.confirming")}
        </p>
      ) : intent ? (
        <PaymentForm
          intent={intent}
          returnUrl={transferPaymentReturnUrl(intent.paymentId)}
          onConfirmed={() => setConfirmedId(intent.paymentId)}
          onFailed={(message) => toast({ variant: "destructive", title: t("payment.failedTitle"), description: message })}
        />
      ) : createIntent.isError ? (
        <Alert variant="destructive" role="alert" className="grid gap-3">
          <p>{errorMessage(createIntent.error, t("payment.errorFallback"))}</p>
          <Button variant="outline" size="sm" className="justify-self-start" onClick={start}>
            {t("payment.retry")}
          </Button>
        </Alert>
      ) : (
        <Skeleton className="h-48 w-full" />
      )}
    </div>
  );
}
