import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoginRequest, User } from "@/api/types";
import { apiFetch } from "@/lib/api-client";
import { withGuestLanguage } from "@/lib/auth/account-language";
import { setSessionUser } from "@/lib/auth/session";

/** POST /api/auth/login -> the signed-in user (401 wrong credentials, 429 throttled). */
export function login(body: LoginRequest): Promise<User> {
  return apiFetch<User>("/api/auth/login", { method: "POST", json: body });
}

/**
 * `onSignedIn` runs before the session is replaced: once the current user is set, the
 * sign-in page redirects away and unmounts, and per-call `mutate` callbacks would be lost.
 * A language chosen before signing in becomes the account's (withGuestLanguage).
 */
export function useLogin({ onSignedIn }: { onSignedIn?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      const user = withGuestLanguage(answer);
      onSignedIn?.(user);
      setSessionUser(queryClient, user);
    },
  });
}
