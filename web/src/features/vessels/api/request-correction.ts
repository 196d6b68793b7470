import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CorrectionRequest, CorrectionRequestBody } from "@/api/types";
import { correctionRequestsQueryOptions } from "@/features/vessels/api/get-correction-requests";
import { apiFetch } from "@/lib/api-client";

/**
 * POST /api/vessels/{id}/correction-requests {field, value, reason} -> 201 the request, pending
 * until an administrator decides it. 422 field errors under `field`, `value` (checked as a
 * registration checks it) and `reason`; 409 `too_many_pending_correction_requests`, or a
 * deactivated vessel; 403 when the caller no longer owns it.
 */
export function requestCorrection(vesselId: string, body: CorrectionRequestBody): Promise<CorrectionRequest> {
  return apiFetch<CorrectionRequest>(`/api/vessels/${encodeURIComponent(vesselId)}/correction-requests`, {
    method: "POST",
    json: body,
  });
}

export function useRequestCorrection(vesselId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CorrectionRequestBody) => requestCorrection(vesselId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: correctionRequestsQueryOptions(vesselId).queryKey }),
  });
}
