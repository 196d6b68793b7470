import { X } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Transfer } from "@/api/types";
import type { ButtonProps } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { toast } from "@/components/ui/use-toast";
import { useCancelTransfer } from "@/features/transfers/api/cancel-transfer";
import { vesselLabel } from "@/features/transfers/components/transfer-status";
import { errorMessage } from "@/lib/api-client";

/**
 * The seller's 'Cancel transfer' or the buyer's 'Decline', confirmed in a dialog first: the code
 * stops working, the other side is told (the buyer by SMS, the seller by email), a payment started
 * for it is canceled, and the vessel is the seller's to transfer again.
 */
export function CancelTransferButton({
  transfer,
  onCanceled,
  size = "sm",
  describedBy,
}: {
  transfer: Transfer;
  onCanceled?: (transfer: Transfer) => void;
  size?: ButtonProps["size"];
  /** The id of what names the transfer, when several are listed. */
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const cancel = useCancelTransfer();
  const seller = transfer.outgoing;

  const onConfirm = () =>
    cancel.mutate(transfer.id, {
      onSuccess: (canceled) => {
        const vessel = vesselLabel(canceled);
        toast(
          seller
            ? { title: t("transfers.canceledTitle"), description: t("transfers.canceledDescription", { vessel }) }
            : { title: t("transfers.declinedTitle"), description: t("transfers.declinedDescription", { vessel }) },
        );
        onCanceled?.(canceled);
      },
      onError: (err) =>
        toast({
          variant: "destructive",
          title: t("transfers.cancelFailedTitle"),
          error: err,
          description: errorMessage(err, t("common.genericError")),
        }),
    });

  return (
    <ConfirmButton
      variant="outline"
      size={size}
      disabled={cancel.isPending}
      aria-describedby={describedBy}
      title={seller ? t("transfers.cancelConfirmTitle") : t("transfers.declineConfirmTitle")}
      description={
        seller
          ? t("transfers.cancelConfirmDescription", { vessel: vesselLabel(transfer), phone: transfer.toPhoneMasked })
          : t("transfers.declineConfirmDescription", { vessel: vesselLabel(transfer) })
      }
      cancelLabel={t("transfers.keep")}
      confirmLabel={seller ? t("transfers.cancel") : t("transfers.decline")}
      onConfirm={onConfirm}
    >
      <X aria-hidden="true" />
      {seller ? t("transfers.cancel") : t("transfers.decline")}
    </ConfirmButton>
  );
}
