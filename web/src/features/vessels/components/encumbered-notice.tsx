import { Landmark } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Lien } from "@/api/types";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { useVessel } from "@/features/vessels/api/get-vessel";
import { useVesselLiens } from "@/features/vessels/api/liens";
import { formatDate } from "@/lib/format";

/**
 * 'Encumbered' on the page of a vessel with an active lien: who holds it and since when, so a buyer
 * knows whom the seller must settle with. Never an amount: the public's answer has none, and a
 * lender or owner reading the page would otherwise show it to whoever looks over their shoulder.
 */
export function EncumberedNotice({ vesselId }: { vesselId: string }) {
  const liens = useVesselLiens(vesselId);
  return <Notice liens={liens.data} />;
}

/**
 * The same notice where only the vessel's platform ID is known (the hull check): its liens are
 * asked for by the vessel's id, which its public page gives. A vessel whose page is not public
 * is still said to be encumbered, without its lenders.
 */
export function EncumberedNoticeByPlatformId({ platformId }: { platformId: string }) {
  const vessel = useVessel(platformId);
  const vesselId = vessel.data?.vessel.id;
  const liens = useVesselLiens(vesselId ?? "", { enabled: vesselId != null });
  return <Notice liens={vesselId != null ? liens.data : undefined} />;
}

function Notice({ liens }: { liens: Lien[] | undefined }) {
  const { t, i18n } = useTranslation();
  const active = (liens ?? []).filter((lien) => lien.status === "active");
  return (
    <Alert variant="warning" role="note" className="flex gap-3" data-testid="encumbered-notice">
      <Landmark className="size-5 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold">{t("vessel.encumbered")}</p>
        <p>{t("liens.notice")}</p>
        {active.length > 0 ? (
          <ul className="grid gap-0.5">
            {active.map((lien) => (
              <li key={lien.id}>
                {t("liens.noticeLien", {
                  lender: lien.lenderName,
                  since: formatDate(lien.activatedAt ?? lien.registeredAt, i18n.language),
                })}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Alert>
  );
}

/** The card's short form. */
export function EncumberedBadge() {
  const { t } = useTranslation();
  return (
    <Badge variant="warning">
      <Landmark aria-hidden="true" />
      {t("vessel.encumbered")}
    </Badge>
  );
}
