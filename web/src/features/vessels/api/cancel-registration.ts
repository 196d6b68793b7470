import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MessageResponse } from "@/api/types";
import { apiFetch } from "@/lib/api-client";
import { myVesselsQueryOptions } from "@/features/vessels/api/get-my-vessels";

/**
 * DELETE /api/vessels/{id} -> {message}: the owner cancels a registration whose fee is not paid; the
 * vessel leaves their list and its unfinished payment is canceled. 409 once the fee is paid.
 */
export function cancelRegistration(id: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/api/vessels/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useCancelRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRegistration,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: myVesselsQueryOptions().queryKey }),
  });
}
