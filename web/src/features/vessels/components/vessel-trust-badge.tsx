import { BadgeCheck } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { Vessel } from "@/api/types";
import { Badge } from "@/components/ui/badge";

/** Statuses in which the registry vouches for the vessel: registered and public. */
const VOUCHED_STATUSES = new Set<Vessel["status"]>(["active", "in_transfer"]);

/**
 * 'Verified' when the server says so (the current owner is fully verified), in a status the registry
 * vouches for; otherwise 'Registered' for an active vessel; else nothing. What the badge means is its
 * tooltip and, for assistive technology, its description.
 */
export function VesselTrustBadge({ vessel }: { vessel: Pick<Vessel, "status" | "verified"> }) {
  const { t } = useTranslation();
  const helpId = useId();
  const verified = vessel.verified && VOUCHED_STATUSES.has(vessel.status);
  if (!verified && vessel.status !== "active") return null;
  const help = verified ? t("vessel.verifiedHelp") : t("vessel.registeredHelp");

  return (
    <>
      <Badge variant={verified ? "success" : "outline"} title={help} aria-describedby={helpId}>
        {verified ? <BadgeCheck aria-hidden="true" /> : null}
        {verified ? t("vessel.verified") : t("vessel.registered")}
      </Badge>
      <span id={helpId} className="sr-only">
        {help}
      </span>
    </>
  );
}
