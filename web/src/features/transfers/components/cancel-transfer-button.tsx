import { X } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Transfer } from "@/api/types";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button, type ButtonProps } from "@/components/ui/button";
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
          description: errorMessage(err, t("common.genericError")),
        }),
    });

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size={size} disabled={cancel.isPending} aria-describedby={describedBy}>
          <X aria-hidden="true" />
          {t("transfers.cancel")}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("transfers.cancelConfirmTitle")}</AlertDialogTitle>
          <AlertDialogDescription>
            {t("transfers.cancelConfirmDescription", { vessel: vesselLabel(transfer), phone: transfer.toPhoneMasked })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("transfers.keep")}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{t("transfers.cancel")}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
