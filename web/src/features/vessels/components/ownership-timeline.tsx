import { ShieldCheck, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { OwnershipEntry } from "@/api/types";
import { Badge } from "@/components/ui/badge";
import { formatDate } from "@/lib/format";

/** Current owner first, then earlier owners, newest first. */
function ordered(entries: OwnershipEntry[]): OwnershipEntry[] {
  return [...entries].sort((a, b) => {
    const currentA = a.transferredOutAt ? 1 : 0;
    const currentB = b.transferredOutAt ? 1 : 0;
    if (currentA !== currentB) return currentA - currentB;
    return b.acquiredAt.localeCompare(a.acquiredAt);
  });
}

/**
 * Spec section 4: an entry without transferredOutAt is the 'Current Owner' ('Active since
 * {date}', range ending 'Present'); one with it is a 'Previous Owner', anonymized.
 */
export function OwnershipTimeline({ entries, myUserId }: { entries: OwnershipEntry[]; myUserId: string | null }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatDate(iso, i18n.language);

  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{t("vesselDetail.noHistory")}</p>;

  return (
    <ol className="grid gap-4 border-l-2 border-border pl-6">
      {ordered(entries).map((entry, index) => {
        const current = !entry.transferredOutAt;
        const mine = myUserId != null && entry.ownerUserId === myUserId;
        const acquisition = entry.acquisitionType === "private" ? t("vesselDetail.private") : t("vesselDetail.company");
        return (
          <li key={`${entry.acquiredAt}-${index}`} className="relative grid gap-1">
            <span
              aria-hidden="true"
              className={
                current
                  ? "absolute -left-[2.05rem] top-0.5 flex size-5 items-center justify-center rounded-full bg-primary text-primary-foreground"
                  : "absolute -left-[2.05rem] top-0.5 flex size-5 items-center justify-center rounded-full bg-muted text-muted-foreground"
              }
            >
              {current ? <ShieldCheck className="size-3" /> : <UserRound className="size-3" />}
            </span>
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold">{current ? t("vesselDetail.currentOwner") : t("vesselDetail.previousOwner")}</h3>
              <Badge variant="outline">{acquisition}</Badge>
              {mine ? <Badge variant="secondary">{t("vesselDetail.you")}</Badge> : null}
            </div>
            <p className="text-sm text-muted-foreground">
              {current ? t("vesselDetail.activeSince", { date: date(entry.acquiredAt) }) : t("vesselDetail.anonymized")}
            </p>
            <p className="text-sm">
              {current
                ? t("vesselDetail.rangePresent", { from: date(entry.acquiredAt) })
                : t("vesselDetail.range", { from: date(entry.acquiredAt), to: date(entry.transferredOutAt ?? "") })}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
