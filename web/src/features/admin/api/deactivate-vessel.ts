import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Vessel } from "@/api/types";
import { refreshAfterVesselChange } from "@/features/admin/api/vessel-actions";
import { apiFetch } from "@/lib/api-client";

/**
 * POST /api/admin/vessels/{platformId}/deactivate {reason} -> the vessel, `deactivated`: it leaves
 * the public registry and its owner's actions. For active, in-transfer and under-review vessels;
 * 409 otherwise.
 */
export function deactivateVessel({ platformId, reason }: { platformId: string; reason: string }): Promise<Vessel> {
  return apiFetch<Vessel>(`/api/admin/vessels/${encodeURIComponent(platformId)}/deactivate`, {
    method: "POST",
    json: { reason },
  });
}

export function useDeactivateVessel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateVessel,
    onSuccess: (_vessel, { platformId }) => refreshAfterVesselChange(queryClient, platformId),
  });
}
