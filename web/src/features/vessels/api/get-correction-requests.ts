import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CorrectionRequest } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/**
 * GET /api/vessels/{id}/correction-requests -> the vessel's requests to correct what identifies it,
 * newest first (pending, approved or rejected, with the administrator's note). Its owner only:
 * 404 for anyone else. `id` is the vessel's id, not its platform ID.
 */
export function getCorrectionRequests(vesselId: string, signal?: AbortSignal): Promise<CorrectionRequest[]> {
  return apiFetch<CorrectionRequest[]>(`/api/vessels/${encodeURIComponent(vesselId)}/correction-requests`, { signal });
}

export const correctionRequestsQueryOptions = (vesselId: string) =>
  queryOptions({
    queryKey: ["/api/vessels/correction-requests", vesselId],
    queryFn: ({ signal }) => getCorrectionRequests(vesselId, signal),
    // An administrator decides them elsewhere: read again whenever the vessel's page opens.
    staleTime: 0,
  });

export function useCorrectionRequests(vesselId: string) {
  return useQuery(correctionRequestsQueryOptions(vesselId));
}
