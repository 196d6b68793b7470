import { FileText, Tag } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Vessel } from "@/api/types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CountryLabel } from "@/features/vessels/components/country-label";
import { EncumberedBadge } from "@/features/vessels/components/encumbered-notice";
import { StolenBadge } from "@/features/vessels/components/stolen-notice";
import { VesselTrustBadge } from "@/features/vessels/components/vessel-trust-badge";
import { formatLengthCm, knownMakeModel } from "@/lib/format";
import { cn } from "@/lib/utils";

type VesselCardProps = {
  vessel: Vessel;
  /** Shows the vessel's document count (spec: optional). */
  showDocumentsCount?: boolean;
  /** With `onTransfer`, shows the 'Transfer' button. */
  actionsEnabled?: boolean;
  onTransfer?: (vessel: Vessel) => void;
  /** Extra badges after 'Verified' (or 'Registered') and 'For Sale', e.g. the owner's status badge. */
  badges?: ReactNode;
  /** Extra content under the details, e.g. the owner's toggles. */
  children?: ReactNode;
  /** The heading level of the vessel's name inside the page (default 3). */
  headingLevel?: 2 | 3;
  className?: string;
};

/**
 * Whether a vessel shows 'For Sale': for sale and public, and not while its ownership is being
 * transferred (it is sold then).
 */
export function showsForSale(vessel: Pick<Vessel, "forSale" | "publicVisibility" | "status">): boolean {
  return vessel.forSale && vessel.publicVisibility && vessel.status !== "in_transfer";
}

/** The reusable vessel block of spec section 2 (registry results, dashboard). */
export function VesselCard({
  vessel,
  showDocumentsCount = false,
  actionsEnabled = false,
  onTransfer,
  badges,
  children,
  headingLevel = 3,
  className,
}: VesselCardProps) {
  const { t, i18n } = useTranslation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const titleId = `vessel-${vessel.id}-title`;
  const showForSale = showsForSale(vessel);
  const makeModel = knownMakeModel(vessel.make, vessel.model) ?? t("vessel.makeModelUnknown");
  const notRecorded = t("vessel.notRecorded");

  return (
    <article aria-labelledby={titleId} className={cn("flex", className)}>
      <Card className="flex w-full flex-col gap-4 p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <p className="font-mono text-sm font-semibold tracking-wide text-primary">
              <span className="sr-only">{t("vessel.platformId")}:</span> {vessel.platformId}
            </p>
            <Heading id={titleId} className="text-lg font-semibold leading-tight">
              {vessel.name || t("vessel.unnamed")}
            </Heading>
            <p className="text-sm text-muted-foreground">{makeModel}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            {vessel.stolen ? <StolenBadge /> : null}
            {vessel.encumbered ? <EncumberedBadge /> : null}
            <VesselTrustBadge vessel={vessel} />
            {showForSale ? (
              <Badge variant="accent">
                <Tag aria-hidden="true" />
                {t("vessel.forSale")}
              </Badge>
            ) : null}
            {badges}
          </div>
        </div>

        <dl className="grid grid-cols-3 gap-3 text-sm">
          <div>
            <dt className="text-muted-foreground">{t("vessel.buildYear")}</dt>
            <dd className="font-medium">{vessel.buildYear ?? notRecorded}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("vessel.country")}</dt>
            <dd className="font-medium">
              <CountryLabel code={vessel.countryCode} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("vessel.length")}</dt>
            <dd className="font-medium">
              {vessel.lengthCm != null ? formatLengthCm(vessel.lengthCm, i18n.language) : notRecorded}
            </dd>
          </div>
        </dl>

        {vessel.ownershipSummary || showDocumentsCount ? (
          <div className="grid gap-1 text-sm text-muted-foreground">
            {vessel.ownershipSummary ? <p>{vessel.ownershipSummary}</p> : null}
            {showDocumentsCount ? (
              <p className="flex items-center gap-1.5">
                <FileText className="size-4" aria-hidden="true" />
                {t("vessel.documentsCount", { count: vessel.documentsCount })}
              </p>
            ) : null}
          </div>
        ) : null}

        {children}

        <div className="mt-auto flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={`/registry/${encodeURIComponent(vessel.platformId)}`} aria-describedby={titleId}>
              {t("vessel.viewDetails")}
            </Link>
          </Button>
          {actionsEnabled && onTransfer ? (
            <Button size="sm" aria-describedby={titleId} onClick={() => onTransfer(vessel)}>
              {t("vessel.transfer")}
            </Button>
          ) : null}
        </div>
      </Card>
    </article>
  );
}
