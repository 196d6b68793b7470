import { useMutation } from "@tanstack/react-query";
import type { MessageResponse } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/**
 * POST /api/profile/phone/send-code -> 202 {message}: a code by SMS to the account's number.
 * 409 when there is no number or it is verified already; 429 within a minute of the last code
 * or past four codes an hour, with `Retry-After`.
 */
export function sendPhoneCode(): Promise<MessageResponse> {
  return apiFetch<MessageResponse>("/api/profile/phone/send-code", { method: "POST" });
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}
