import { useMutation } from "@tanstack/react-query";
import type { MessageResponse, PasswordResetConfirm } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/** POST /api/auth/password-reset/confirm {token, password}; 400 bad token, 422 fields.password. */
export function confirmPasswordReset(body: PasswordResetConfirm): Promise<MessageResponse> {
  return apiFetch<MessageResponse>("/api/auth/password-reset/confirm", { method: "POST", json: body });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
