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
 * 'Cancel transfer', confirmed in a dialog first: the code stops working, the new owner is told by
 * SMS, and the vessel is the seller's to transfer again.
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

  const onConfirm = () =>
    cancel.mutate(transfer.id, {
      onSuccess: (canceled) => {
        toast({
          title: t("transfers.canceledTitle"),
          description: t("transfers.canceledDescription", { vessel: vesselLabel(canceled) }),
        });
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
      title={t("transfers.cancelConfirmTitle")}
      description={t("transfers.cancelConfirmDescription", { vessel: vesselLabel(transfer), phone: transfer.toPhoneMasked })}
      cancelLabel={t("transfers.keep")}
      confirmLabel={t("transfers.cancel")}
      onConfirm={onConfirm}
    >
      <X aria-hidden="true" />
      {t("transfers.cancel")}
    </ConfirmButton>
  );
}
