import { queryOptions, useQuery } from "@tanstack/react-query";
import type { VesselRecord } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/**
 * GET /api/vessels/{platformId}/record -> {entries (newest first), latestValuationCents,
 * totalSpentCents}: the vessel's value & maintenance record. Its current owner only (403
 * otherwise); entries by earlier owners come with it, read-only.
 */
export function getRecord(platformId: string, signal?: AbortSignal): Promise<VesselRecord> {
  return apiFetch<VesselRecord>(`/api/vessels/${encodeURIComponent(platformId)}/record`, { signal });
}

export const recordQueryOptions = (platformId: string) =>
  queryOptions({
    queryKey: ["/api/vessels", platformId, "record"],
    queryFn: ({ signal }) => getRecord(platformId, signal),
  });

export function useRecord(platformId: string) {
  return useQuery(recordQueryOptions(platformId));
}
