import { useMutation } from "@tanstack/react-query";
import type { MessageResponse } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/**
 * POST /api/transfers/{id}/resend-otp -> 202 {message}: a new code to the new owner's phone (the
 * old one stops working). The seller only, while the code is unconfirmed; 429 within a minute of
 * the last code or past four codes an hour, with `Retry-After`.
 */
export function resendTransferOtp(id: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/api/transfers/${encodeURIComponent(id)}/resend-otp`, { method: "POST" });
}

export function useResendTransferOtp() {
  return useMutation({ mutationFn: resendTransferOtp });
}
