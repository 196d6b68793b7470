import { queryOptions, useQuery } from "@tanstack/react-query";
import type { VesselDetail } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/**
 * GET /api/vessels/{platformId} -> {vessel, ownershipHistory, documentsCount, corrections} (the
 * corrections of its particulars, newest first).
 * 400 `invalid_platform_id` for a malformed ID or a failed check character; 404 when the
 * vessel is not registered or not public (its owner still sees it).
 */
export function getVessel(platformId: string, signal?: AbortSignal): Promise<VesselDetail> {
  return apiFetch<VesselDetail>(`/api/vessels/${encodeURIComponent(platformId)}`, { signal });
}

export const vesselQueryOptions = (platformId: string) =>
  queryOptions({
    queryKey: ["/api/vessels", platformId],
    queryFn: ({ signal }) => getVessel(platformId, signal),
  });

export function useVessel(platformId: string) {
  return useQuery(vesselQueryOptions(platformId));
}
