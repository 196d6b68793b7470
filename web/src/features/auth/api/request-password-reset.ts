import { useMutation } from "@tanstack/react-query";
import type { MessageResponse, PasswordResetRequest } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/** POST /api/auth/password-reset/request {email} -> 202, whether or not the account exists. */
export function requestPasswordReset(body: PasswordResetRequest): Promise<MessageResponse> {
  return apiFetch<MessageResponse>("/api/auth/password-reset/request", { method: "POST", json: body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
