import { useMutation } from "@tanstack/react-query";
import type { MessageResponse } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/** POST /api/auth/resend-verification (signed in, no body) -> 202 {message}. */
export function resendVerification(): Promise<MessageResponse> {
  return apiFetch<MessageResponse>("/api/auth/resend-verification", { method: "POST" });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
