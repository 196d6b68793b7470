import type { QueryClient } from "@tanstack/react-query";
import { adminStatsQueryOptions } from "@/features/admin/api/get-admin-stats";
import { adminVesselsBaseKey } from "@/features/admin/api/get-admin-vessels";
import { searchVesselsBaseKey, vesselQueryOptions } from "@/features/vessels/public";

/**
 * After an administrator changed a vessel's state: the admin lists and figures, and every cached
 * public view of that vessel (its page, the registry search) are read again.
 */
export function refreshAfterVesselChange(queryClient: QueryClient, platformId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminVesselsBaseKey }),
    queryClient.invalidateQueries({ queryKey: adminStatsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: vesselQueryOptions(platformId).queryKey }),
    queryClient.invalidateQueries({ queryKey: searchVesselsBaseKey }),
  ]);
}
