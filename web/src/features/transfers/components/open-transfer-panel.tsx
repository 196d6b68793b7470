import { ArrowRight, ArrowRightLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { openTransferOf, useTransfers } from "@/features/transfers/api/get-transfers";
import { CancelTransferButton } from "@/features/transfers/components/cancel-transfer-button";
import { transferStatusText } from "@/features/transfers/components/transfer-status";
import { formatDate } from "@/lib/format";

/**
 * The owner's open transfer of this vessel on its page: its state, the masked number it goes to,
 * and Continue (back into the wizard) or Cancel. Nothing when there is none.
 */
export function OpenTransferPanel({ vesselId, onChanged }: { vesselId: string; onChanged?: () => void }) {
  const { t, i18n } = useTranslation();
  const transfers = useTransfers();
  const transfer = openTransferOf(transfers.data, vesselId);
  if (!transfer) return null;

  return (
    <Card role="region" aria-labelledby="open-transfer-title" className="border-primary/40">
      <CardHeader>
        <CardTitle id="open-transfer-title" className="flex items-center gap-2">
          <ArrowRightLeft className="size-5 text-primary" aria-hidden="true" />
          {t("transfers.openTitle")}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="font-medium">{transferStatusText(transfer, t)}</p>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">{t("transfers.to")}</dt>
          <dd className="font-mono">{transfer.toPhoneMasked}</dd>
          <dt className="text-muted-foreground">{t("transfers.started")}</dt>
          <dd>{formatDate(transfer.createdAt, i18n.language, true)}</dd>
          <dt className="text-muted-foreground">{t("transfers.expires")}</dt>
          <dd>{formatDate(transfer.expiresAt, i18n.language, true)}</dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm">
            <Link to={`/transfer/${encodeURIComponent(vesselId)}`}>
              <ArrowRight aria-hidden="true" />
              {t("transfers.continue")}
            </Link>
          </Button>
          <CancelTransferButton transfer={transfer} onCanceled={onChanged} />
        </div>
      </CardContent>
    </Card>
  );
}
