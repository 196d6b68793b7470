import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CorrectionRequest } from "@/api/types";
import { adminCorrectionRequestsBaseKey } from "@/features/admin/api/get-admin-correction-requests";
import { vesselQueryOptions } from "@/features/vessels/public";
import { apiFetch } from "@/lib/api-client";

export type CorrectionDecision = "approve" | "reject";

/**
 * POST /api/admin/correction-requests/{id}/approve|reject {note} -> the decided request; its owner
 * is emailed either way. Approving corrects the vessel's record (checked again against the vessel
 * as it is now; the note is optional); rejecting needs a note (422 without one). 409
 * `correction_request_decided`, an identifier in use by another vessel, or the vessel changed
 * meanwhile; 422 when the value no longer fits the vessel.
 */
export function decideCorrectionRequest({
  id,
  decision,
  note,
}: {
  id: string;
  decision: CorrectionDecision;
  note: string | null;
}): Promise<CorrectionRequest> {
  return apiFetch<CorrectionRequest>(`/api/admin/correction-requests/${encodeURIComponent(id)}/${decision}`, {
    method: "POST",
    json: { note },
  });
}

export function useDecideCorrectionRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideCorrectionRequest,
    // The queue, and the vessel's page wherever it is cached (a granted request corrects it).
    onSuccess: (request) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminCorrectionRequestsBaseKey }),
        queryClient.invalidateQueries({ queryKey: vesselQueryOptions(request.platformId).queryKey }),
      ]),
  });
}
