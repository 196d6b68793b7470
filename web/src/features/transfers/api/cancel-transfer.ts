import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Transfer } from "@/api/types";
import { transferQueryOptions } from "@/features/transfers/api/get-transfer";
import { transfersQueryOptions } from "@/features/transfers/api/get-transfers";
import { apiFetch } from "@/lib/api-client";

/**
 * POST /api/transfers/{id}/cancel -> the transfer, `canceled`: the vessel is active again and the
 * new owner's phone is told. The seller (or an administrator) while it is open; 409 otherwise.
 */
export function cancelTransfer(id: string): Promise<Transfer> {
  return apiFetch<Transfer>(`/api/transfers/${encodeURIComponent(id)}/cancel`, { method: "POST" });
}

export function useCancelTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTransfer,
    onSuccess: (transfer) => {
      queryClient.setQueryData(transferQueryOptions(transfer.id).queryKey, transfer);
    },
    // A 409 means it moved on meanwhile (paid, expired): show what it is now.
    onSettled: (_data, _error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transfersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: transferQueryOptions(id).queryKey }),
      ]),
  });
}
