import { queryOptions, useQuery } from "@tanstack/react-query";
import type { VesselPage, VesselStatus } from "@/api/types";
import { keepPreviousPageOnly, pageParams } from "@/features/admin/api/page-params";
import { apiFetch } from "@/lib/api-client";

/** The vessels tab's filters; empty strings are "all". */
export type AdminVesselFilters = {
  query: string;
  status: VesselStatus | "";
  countryCode: string;
};

/** The key every admin vessel list starts with, so a change to a vessel refreshes them all. */
export const adminVesselsBaseKey = ["/api/admin/vessels"] as const;

/**
 * GET /api/admin/vessels?query&status&countryCode&page&pageSize -> {data, total, totalPages,
 * totalRelation} (always "eq": counted exactly): every vessel, whatever its state or visibility,
 * newest first.
 */
export function getAdminVessels(filters: AdminVesselFilters, page: number, signal?: AbortSignal): Promise<VesselPage> {
  return apiFetch<VesselPage>(`/api/admin/vessels?${pageParams(filters, page)}`, { signal });
}

export const adminVesselsQueryOptions = (filters: AdminVesselFilters, page: number) =>
  queryOptions({
    queryKey: [...adminVesselsBaseKey, filters, page],
    queryFn: ({ signal }) => getAdminVessels(filters, page, signal),
    staleTime: 0,
  });

export function useAdminVessels(filters: AdminVesselFilters, page: number) {
  return useQuery({ ...adminVesselsQueryOptions(filters, page), placeholderData: keepPreviousPageOnly<VesselPage>(filters) });
}
