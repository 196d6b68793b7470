import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MessageResponse, VerifyEmailRequest } from "@/api/types";
import { apiFetch } from "@/lib/api-client";
import { currentUserQueryOptions } from "@/lib/auth/get-current-user";

/** POST /api/auth/verify-email {token} -> {message}; 400 for an invalid or used token. */
export function verifyEmail(body: VerifyEmailRequest): Promise<MessageResponse> {
  return apiFetch<MessageResponse>("/api/auth/verify-email", { method: "POST", json: body });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // A signed-in user's emailVerifiedAt has changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
  });
}
