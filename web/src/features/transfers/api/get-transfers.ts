import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Transfer } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/**
 * GET /api/transfers -> the caller's transfers, newest first: the ones they started
 * (`outgoing`), the ones they received, and open ones to their verified mobile number.
 */
export function getTransfers(signal?: AbortSignal): Promise<Transfer[]> {
  return apiFetch<Transfer[]>("/api/transfers", { signal });
}

export const transfersQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/transfers"],
    queryFn: ({ signal }) => getTransfers(signal),
    // The other party moves a transfer on too (the buyer pays, the seller cancels): read it
    // again each time a page showing transfers opens.
    staleTime: 0,
  });

export function useTransfers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...transfersQueryOptions(), enabled });
}

/** Open: waiting for the code, or for the fee. */
export function isOpenTransfer(transfer: Pick<Transfer, "status">): boolean {
  return transfer.status === "pending_verification" || transfer.status === "verified";
}

/** The caller's own open transfer of a vessel, if any (at most one can be open). */
export function openTransferOf(transfers: readonly Transfer[] | undefined, vesselId: string): Transfer | undefined {
  return transfers?.find((t) => t.outgoing && t.vessel.id === vesselId && isOpenTransfer(t));
}

/** Open transfers, outgoing and incoming (the dashboard's 'Pending Transfers'); undefined while loading. */
export function useOpenTransfersCount(): number | undefined {
  const transfers = useTransfers();
  return transfers.data?.filter(isOpenTransfer).length;
}
