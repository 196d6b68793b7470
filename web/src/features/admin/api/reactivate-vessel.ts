import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Vessel } from "@/api/types";
import { refreshAfterVesselChange } from "@/features/admin/api/vessel-actions";
import { apiFetch } from "@/lib/api-client";

/** POST /api/admin/vessels/{platformId}/reactivate {reason} -> the vessel, active again. Deactivated vessels only; 409 otherwise. */
export function reactivateVessel({ platformId, reason }: { platformId: string; reason: string }): Promise<Vessel> {
  return apiFetch<Vessel>(`/api/admin/vessels/${encodeURIComponent(platformId)}/reactivate`, {
    method: "POST",
    json: { reason },
  });
}

export function useReactivateVessel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateVessel,
    onSuccess: (_vessel, { platformId }) => refreshAfterVesselChange(queryClient, platformId),
  });
}
