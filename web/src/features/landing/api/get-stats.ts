import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Stats } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/** GET /api/stats -> registered vessels, countries and fees, computed by the server. */
export function getStats(): Promise<Stats> {
  return apiFetch<Stats>("/api/stats");
}

export const statsQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/stats"],
    queryFn: getStats,
  });

export function useStats() {
  return useQuery(statsQueryOptions());
}
