import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReportTheftRequest, TheftReport } from "@/api/types";
import { myVesselsQueryOptions } from "@/features/vessels/api/get-my-vessels";
import { searchVesselsBaseKey } from "@/features/vessels/api/search-vessels";
import { vesselQueryOptions } from "@/features/vessels/api/get-vessel";
import { apiFetch } from "@/lib/api-client";

/**
 * POST /api/vessels/{id}/stolen {stolenAt, place, policeReference, description?} -> 201 the
 * report. 422 field errors under those names (the time not in the future); 409
 * `vessel_already_reported_stolen`, or a vessel not in the registry; 404 when not the caller's.
 */
export function reportTheft(vesselId: string, body: ReportTheftRequest): Promise<TheftReport> {
  return apiFetch<TheftReport>(`/api/vessels/${encodeURIComponent(vesselId)}/stolen`, { method: "POST", json: body });
}

/** POST /api/vessels/{id}/recovered -> the report, ended; 409 `no_open_theft_report`. */
export function markRecovered(vesselId: string): Promise<TheftReport> {
  return apiFetch<TheftReport>(`/api/vessels/${encodeURIComponent(vesselId)}/recovered`, { method: "POST", json: {} });
}

/** After a report or its end the vessel reads differently wherever it is shown. */
function useRefreshVessel(platformId: string) {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [vesselQueryOptions(platformId).queryKey, myVesselsQueryOptions().queryKey, searchVesselsBaseKey]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
}

export function useReportTheft(vesselId: string, platformId: string) {
  const refresh = useRefreshVessel(platformId);
  return useMutation({ mutationFn: (body: ReportTheftRequest) => reportTheft(vesselId, body), onSuccess: refresh });
}

export function useMarkRecovered(vesselId: string, platformId: string) {
  const refresh = useRefreshVessel(platformId);
  return useMutation({ mutationFn: () => markRecovered(vesselId), onSuccess: refresh });
}
