import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InitiatedTransfer, InitiateTransferRequest } from "@/api/types";
import { transfersQueryOptions } from "@/features/transfers/api/get-transfers";
import { apiFetch } from "@/lib/api-client";

/**
 * POST /api/transfers/initiate {vesselId, toPhoneE164, toEmail?} -> 201 {transferId}: the vessel
 * is in transfer and the new owner's phone has a code. 404 for a vessel that is not the caller's;
 * 409 when it is not active or a transfer is open already; 422 field errors (`toPhoneE164`,
 * `toEmail`); 429 when codes went to that number too often, with `Retry-After`.
 */
export function initiateTransfer(body: InitiateTransferRequest): Promise<InitiatedTransfer> {
  return apiFetch<InitiatedTransfer>("/api/transfers/initiate", { method: "POST", json: body });
}

export function useInitiateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: initiateTransfer,
    // Also after a 409: the open transfer the server found may be the caller's own, to resume.
    onSettled: () => queryClient.invalidateQueries({ queryKey: transfersQueryOptions().queryKey }),
  });
}
