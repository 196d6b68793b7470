import { useMutation } from "@tanstack/react-query";
import type { MessageResponse } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

// Asked for from every page (the layout's banner for an unconfirmed email), so, like the session,
// it lives in lib/ rather than in one feature's api/ folder.

/** POST /api/auth/resend-verification (signed in, no body) -> 202; 409 once the email is verified, 429 too often. */
export function sendVerificationEmail(): Promise<MessageResponse> {
  return apiFetch<MessageResponse>("/api/auth/resend-verification", { method: "POST" });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
