import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import type { Payment } from "@/api/types";
import { Page } from "@/components/layout/page";
import { RequireAuth } from "@/components/layout/require-auth";
import { Alert } from "@/components/ui/alert";
import { toast } from "@/components/ui/use-toast";
import { useSettledPayment } from "@/features/payments/public";
import { transferQueryOptions } from "@/features/transfers/api/get-transfer";
import { transfersQueryOptions } from "@/features/transfers/api/get-transfers";
import { vesselLabel } from "@/features/transfers/components/transfer-status";
import { errorMessage } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * /transfers/payment?paymentId=: where the card provider sends the browser back after an
 * authentication page, for a transfer fee. Waits for the server's word: success ends on
 * /dashboard with 'Transfer Complete'; a failure goes back to where the fee can be paid again
 * (the seller's wizard, the new owner's dashboard).
 */
export function TransferPaymentReturnPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("transferWizard.title"));
  const [params] = useSearchParams();
  const paymentId = params.get("paymentId");
  return <RequireAuth>{() => <PaymentReturn paymentId={paymentId} />}</RequireAuth>;
}

function PaymentReturn({ paymentId }: { paymentId: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const transferOf = (payment: Payment) =>
    payment.transferId ? queryClient.query(transferQueryOptions(payment.transferId)) : Promise.resolve(null);

  const payment = useSettledPayment(paymentId, {
    onSucceeded: (paid) => {
      void queryClient.invalidateQueries({ queryKey: transfersQueryOptions().queryKey });
      void transferOf(paid)
        .catch(() => null)
        .then((transfer) => {
          const vessel = transfer ? vesselLabel(transfer) : paid.vesselPlatformId;
          toast({
            title: t("transferWizard.completeTitle"),
            description: transfer?.awaitingClaim
              ? t("transferWizard.completeAwaitingClaim", { vessel })
              : transfer && !transfer.outgoing
                ? t("transfers.acceptedDescription", { vessel })
                : t("transferWizard.completeDescription", { vessel }),
          });
          void navigate("/dashboard", { replace: true });
        });
    },
    onFailed: (failed) => {
      void transferOf(failed)
        .catch(() => null)
        .then((transfer) =>
          navigate(transfer?.outgoing ? `/transfer/${encodeURIComponent(transfer.vessel.id)}` : "/dashboard", { replace: true }),
        );
    },
  });

  return (
    <Page title={t("transferWizard.title")}>
      {!paymentId ? (
        <Alert variant="destructive" role="alert">
          {t("transferWizard.noPayment")}
        </Alert>
      ) : payment.isError ? (
        <Alert variant="destructive" role="alert">
          {errorMessage(payment.error, t("common.genericError"))}
        </Alert>
      ) : (
        <p role="status" className="rounded-lg border border-border p-4 text-center font-medium">
          {t("transferWizard.checkingPayment")}
        </p>
      )}
    </Page>
  );
}
