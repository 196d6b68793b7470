import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminStats } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/**
 * GET /api/admin/stats -> {totalVessels, activeTransfers, revenue30dCents, currency, activeUsers}.
 * Administrators only: 401 without a session, 403 for anyone else.
 */
export function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return apiFetch<AdminStats>("/api/admin/stats", { signal });
}

export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/admin/stats"],
    queryFn: ({ signal }) => getAdminStats(signal),
    // Other administrators and owners change these all the time: read afresh on each visit.
    staleTime: 0,
  });

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
