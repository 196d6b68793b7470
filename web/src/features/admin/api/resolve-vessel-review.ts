import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ResolveReview, Vessel } from "@/api/types";
import { refreshAfterVesselChange } from "@/features/admin/api/vessel-actions";
import { apiFetch } from "@/lib/api-client";

export type ResolveAction = ResolveReview["action"];

/**
 * POST /api/admin/vessels/{platformId}/resolve {action, reason} -> the vessel. For a vessel held in
 * `needs_review`: `activate` makes it active; `refund` refunds its registration fee. 409 for a
 * vessel in any other state.
 */
export function resolveVesselReview({ platformId, ...body }: { platformId: string } & ResolveReview): Promise<Vessel> {
  return apiFetch<Vessel>(`/api/admin/vessels/${encodeURIComponent(platformId)}/resolve`, { method: "POST", json: body });
}

export function useResolveVesselReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveVesselReview,
    onSuccess: (_vessel, { platformId }) => refreshAfterVesselChange(queryClient, platformId),
  });
}
