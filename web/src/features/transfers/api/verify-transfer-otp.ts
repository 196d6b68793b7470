import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Transfer } from "@/api/types";
import { dismissToasts } from "@/components/ui/use-toast";
import { transferQueryOptions } from "@/features/transfers/api/get-transfer";
import { transfersQueryOptions } from "@/features/transfers/api/get-transfers";
import { apiFetch } from "@/lib/api-client";

/**
 * POST /api/transfers/{id}/verify-otp {otp} -> the transfer, now `verified` (the fee is next).
 * The seller only. 400 `wrong_code` with the attempts left in the message; 429 once the code
 * is dead (five wrong attempts, or expired) and a new one must be sent; 409 when the transfer
 * is verified already or no longer open.
 */
export function verifyTransferOtp({ id, otp }: { id: string; otp: string }): Promise<Transfer> {
  return apiFetch<Transfer>(`/api/transfers/${encodeURIComponent(id)}/verify-otp`, { method: "POST", json: { otp } });
}

/** The toasts of a transfer's code form (a wrong code, a failed resend): the right code closes them. */
export const transferCodeToasts = (id: string) => `transfer-code-${id}`;

export function useVerifyTransferOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTransferOtp,
    onSuccess: (transfer) => {
      // Before the step moves on (the code form is gone with it).
      dismissToasts(transferCodeToasts(transfer.id));
      queryClient.setQueryData(transferQueryOptions(transfer.id).queryKey, transfer);
      void queryClient.invalidateQueries({ queryKey: transfersQueryOptions().queryKey });
    },
  });
}
