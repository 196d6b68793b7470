import { useMutation } from "@tanstack/react-query";
import type { MessageResponse, ReauthenticateRequest } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/**
 * POST /api/auth/reauthenticate {password} -> 200: the session counts as freshly signed in for
 * five minutes. 400 `invalid_password`, 429 after too many wrong ones (the sign-in's budget).
 */
export function reauthenticate(body: ReauthenticateRequest): Promise<MessageResponse> {
  return apiFetch<MessageResponse>("/api/auth/reauthenticate", { method: "POST", json: body });
}

export function useReauthenticate() {
  return useMutation({ mutationFn: reauthenticate });
}
