import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TheftReport } from "@/api/types";
import { refreshAfterVesselChange } from "@/features/admin/api/vessel-actions";
import { apiFetch } from "@/lib/api-client";

const path = (platformId: string, action: string) => `/api/admin/vessels/${encodeURIComponent(platformId)}/stolen/${action}`;

/** POST /api/admin/vessels/{platformId}/stolen/confirm -> the report, `confirmed`; 409 when none is open or it is confirmed. */
export function confirmTheftReport({ platformId }: { platformId: string }): Promise<TheftReport> {
  return apiFetch<TheftReport>(path(platformId, "confirm"), { method: "POST", json: {} });
}

/** POST /api/admin/vessels/{platformId}/stolen/remove {reason} (10 to 1,000 characters) -> the report, `removed`. */
export function removeTheftReport({ platformId, reason }: { platformId: string; reason: string }): Promise<TheftReport> {
  return apiFetch<TheftReport>(path(platformId, "remove"), { method: "POST", json: { reason } });
}

export function useConfirmTheftReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTheftReport,
    onSuccess: (_report, { platformId }) => refreshAfterVesselChange(queryClient, platformId),
  });
}

export function useRemoveTheftReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTheftReport,
    onSuccess: (_report, { platformId }) => refreshAfterVesselChange(queryClient, platformId),
  });
}
