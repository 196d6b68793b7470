import { useMutation } from "@tanstack/react-query";
import type { MessageResponse, RegisterRequest } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/** POST /api/auth/register -> 201 {message}. Does not sign the user in. */
export function register(body: RegisterRequest): Promise<MessageResponse> {
  return apiFetch<MessageResponse>("/api/auth/register", { method: "POST", json: body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
