import { ClipboardCheck, ShieldAlert, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { useHullCheck } from "@/features/hull-check/api/get-hull-check";
import { EncumberedBadge, StolenBadge } from "@/features/vessels/public";
import { cn } from "@/lib/utils";

/**
 * The buyer's side of the hull check of a vessel being sold, in short (the transfer wizard's first
 * step): the summary a buyer reads before paying, 'Reported stolen', 'Encumbered' and whether the
 * history verifies as badges, and a link to the full check. Nothing when it cannot be had: the
 * sale does not depend on it.
 */
export function BuyersHullCheck({ platformId, className }: { platformId: string; className?: string }) {
  const { t } = useTranslation();
  const check = useHullCheck({ kind: "platformId", value: platformId });

  if (check.isPending) return <Skeleton className={cn("h-24 w-full", className)} />;
  if (check.isError) return null;
  const { summary, stolen, encumbered, historyVerified } = check.data;

  return (
    <section
      aria-labelledby="buyers-hull-check"
      className={cn("grid gap-2 rounded-lg border border-border bg-muted/40 p-4", className)}
      data-testid="buyers-hull-check"
    >
      <h3 id="buyers-hull-check" className="flex items-center gap-2 text-sm font-semibold">
        <ClipboardCheck className="size-4 text-primary" aria-hidden="true" />
        {t("hullCheck.brief.heading")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("hullCheck.brief.description")}</p>
      {summary ? <p className="font-medium">{summary}</p> : null}
      <ul className="flex flex-wrap gap-2" aria-label={t("hullCheck.brief.status")}>
        {stolen ? (
          <li>
            <StolenBadge />
          </li>
        ) : null}
        {encumbered ? (
          <li>
            <EncumberedBadge />
          </li>
        ) : null}
        {historyVerified != null ? (
          <li>
            {historyVerified ? (
              <Badge variant="success">
                <ShieldCheck aria-hidden="true" />
                {t("hullCheck.brief.historyVerified")}
              </Badge>
            ) : (
              <Badge variant="destructive">
                <ShieldAlert aria-hidden="true" />
                {t("hullCheck.brief.historyNotVerified")}
              </Badge>
            )}
          </li>
        ) : null}
      </ul>
      <p className="text-sm">
        <Link
          to={`/check?${new URLSearchParams({ platformId })}`}
          className="text-primary underline underline-offset-4 hover:no-underline"
        >
          {t("hullCheck.brief.open")}
        </Link>
      </p>
    </section>
  );
}
