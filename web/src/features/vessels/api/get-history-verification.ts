import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ChainReport } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/**
 * GET /api/vessels/{platformId}/history/verify -> {valid, headHash, events, firstInvalid}: the
 * server recomputes the vessel's ownership hash chain (docs/HISTORY-CHAIN.md). Public; 404 as
 * for the vessel itself.
 */
export function getHistoryVerification(platformId: string, signal?: AbortSignal): Promise<ChainReport> {
  return apiFetch<ChainReport>(`/api/vessels/${encodeURIComponent(platformId)}/history/verify`, { signal });
}

export const historyVerificationQueryOptions = (platformId: string) =>
  queryOptions({
    queryKey: ["/api/vessels", platformId, "history/verify"],
    queryFn: ({ signal }) => getHistoryVerification(platformId, signal),
    // A transfer or claim appends to the chain: check it afresh whenever the page opens.
    staleTime: 0,
  });

export function useHistoryVerification(platformId: string) {
  return useQuery(historyVerificationQueryOptions(platformId));
}
