import { ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { StolenNotice as Stolen } from "@/api/types";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/lib/format";

/**
 * 'Reported stolen', with when and where, wherever a vessel with an open theft report is shown in
 * full (its page, a certificate's check): a buyer must not miss it.
 */
export function StolenNotice({ stolen }: { stolen: Stolen }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatDate(iso, i18n.language);
  return (
    <Alert variant="destructive" role="note" className="flex gap-3" data-testid="stolen-notice">
      <ShieldAlert className="size-5 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold">{t("vessel.stolen")}</p>
        <p>{t("theft.notice", { stolenAt: date(stolen.stolenAt), place: stolen.place, reportedAt: date(stolen.reportedAt) })}</p>
        <p>{stolen.status === "confirmed" ? t("theft.confirmed") : t("theft.unconfirmed")}</p>
        <p>{t("theft.doNotBuy")}</p>
      </div>
    </Alert>
  );
}

/** The card's short form. */
export function StolenBadge() {
  const { t } = useTranslation();
  return (
    <Badge variant="destructive">
      <ShieldAlert aria-hidden="true" />
      {t("vessel.stolen")}
    </Badge>
  );
}
