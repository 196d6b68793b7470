import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { User } from "@/api/types";
import { apiFetch } from "@/lib/api-client";
import { currentUserQueryOptions } from "@/lib/auth/get-current-user";

/**
 * PUT /api/auth/password-sign-in {enabled} -> the user, whose `passwordSignIn` says how the account
 * signs in now. Needs a recent sign-in (the app asks for one); 409 `passkey_needed_first` when
 * turning it off on an account without a passkey.
 */
export function setPasswordSignIn(enabled: boolean): Promise<User> {
  return apiFetch<User>("/api/auth/password-sign-in", { method: "PUT", json: { enabled } });
}

export function useSetPasswordSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPasswordSignIn,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryOptions().queryKey, user),
  });
}
