import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CorrectionRequest, CorrectionRequestStatus } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

export const adminCorrectionRequestsBaseKey = ["/api/admin/correction-requests"] as const;

/**
 * GET /api/admin/correction-requests?status -> the owners' requests to correct what identifies a
 * vessel, in that state (`pending` by default: the queue, oldest first; at most 200), each with the
 * registered value, the value asked for, the reason and who asked.
 */
export function getAdminCorrectionRequests(status: CorrectionRequestStatus, signal?: AbortSignal): Promise<CorrectionRequest[]> {
  const params = new URLSearchParams({ status });
  return apiFetch<CorrectionRequest[]>(`/api/admin/correction-requests?${params}`, { signal });
}

export const adminCorrectionRequestsQueryOptions = (status: CorrectionRequestStatus) =>
  queryOptions({
    queryKey: [...adminCorrectionRequestsBaseKey, status],
    queryFn: ({ signal }) => getAdminCorrectionRequests(status, signal),
    staleTime: 0,
  });

export function useAdminCorrectionRequests(status: CorrectionRequestStatus) {
  return useQuery(adminCorrectionRequestsQueryOptions(status));
}
