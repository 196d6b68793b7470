import type { TFunction } from "i18next";
import type { Transfer } from "@/api/types";

/** A transfer's state in words, from the side of whoever is looking (seller or new owner). */
export function transferStatusText(transfer: Transfer, t: TFunction): string {
  const side = transfer.outgoing ? "outgoing" : "incoming";
  if (transfer.status === "completed" && transfer.awaitingClaim) return t(`transfers.status.${side}.awaitingClaim`);
  return t(`transfers.status.${side}.${transfer.status}`);
}

/** The vessel's name, or its platform ID when it has none. */
export function vesselLabel(transfer: Pick<Transfer, "vessel">): string {
  return transfer.vessel.name || transfer.vessel.platformId;
}
