import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateVesselRequest, Vessel } from "@/api/types";
import { apiFetch } from "@/lib/api-client";
import { vesselQueryOptions } from "@/features/vessels/api/get-vessel";
import { myVesselsQueryOptions } from "@/features/vessels/api/get-my-vessels";
import { searchVesselsBaseKey } from "@/features/vessels/api/search-vessels";

export type UpdateVesselInput = { id: string; changes: UpdateVesselRequest };

/**
 * PATCH /api/vessels/{id} -> the vessel (owner only): the two flags (publicVisibility, forSale) and
 * the particulars the owner corrects (name, vesselType, hullMaterial, hullColour, homePort,
 * engines), each only when sent; null, "" or [] removes one. Every corrected particular is listed
 * on the vessel's page and supersedes its certificate. 422 field errors named after the request's
 * fields; 409 `particulars_changed_meanwhile` (reload and try again) or a deactivated vessel.
 */
export function updateVessel({ id, changes }: UpdateVesselInput): Promise<Vessel> {
  return apiFetch<Vessel>(`/api/vessels/${encodeURIComponent(id)}`, { method: "PATCH", json: changes });
}

export function useUpdateVessel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVessel,
    onSuccess: (vessel) => {
      queryClient.setQueryData(myVesselsQueryOptions().queryKey, (list) => list?.map((v) => (v.id === vessel.id ? vessel : v)));
      void queryClient.invalidateQueries({ queryKey: myVesselsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: vesselQueryOptions(vessel.platformId).queryKey });
      void queryClient.invalidateQueries({ queryKey: searchVesselsBaseKey });
    },
  });
}
