import { useTranslation } from "react-i18next";
import type { Payment, Transfer } from "@/api/types";
import { CardPaymentPanel, useCardPayment } from "@/features/payments/public";
import { vesselLabel } from "@/features/transfers/components/transfer-status";
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
  const payment = useCardPayment({ purpose: "transfer", vesselId: transfer.vessel.id, transferId: transfer.id }, onCompleted);

  const fee = formatEuroCents(payment.intent?.amountCents ?? TRANSFER_FEE_CENTS, i18n.language);
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

      <CardPaymentPanel payment={payment} returnUrl={transferPaymentReturnUrl} />
    </div>
  );
}
