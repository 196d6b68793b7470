import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { User } from "@/api/types";
import { apiFetch } from "@/lib/api-client";
import { withGuestLanguage } from "@/lib/auth/account-language";
import { setSessionUser } from "@/lib/auth/session";
import { getPasskeyAssertion, type RequestOptions } from "@/lib/passkeys";

/**
 * Signs in with a passkey, no email asked: POST /api/auth/passkeys/login/start -> the options (no
 * passkeys listed, so the browser offers the person theirs; the ceremony's cookie is set), the
 * browser's assertion, then POST /api/auth/passkeys/login/finish {credential, rememberMe} -> the
 * user, and the session's cookie as a password sign-in sets it. Counts as a recent sign-in.
 */
export async function signInWithPasskey({ rememberMe = false }: { rememberMe?: boolean } = {}): Promise<User> {
  const options = await apiFetch<RequestOptions>("/api/auth/passkeys/login/start", { method: "POST" });
  const credential = await getPasskeyAssertion(options);
  return apiFetch<User>("/api/auth/passkeys/login/finish", { method: "POST", json: { credential, rememberMe } });
}

/**
 * The sign-in page's passkey button: as `useLogin`, `onSignedIn` runs before the session is
 * replaced (the page then redirects away), and a language chosen before signing in becomes the
 * account's.
 */
export function usePasskeySignIn({ onSignedIn }: { onSignedIn?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: (answer) => {
      const user = withGuestLanguage(answer);
      onSignedIn?.(user);
      setSessionUser(queryClient, user);
    },
  });
}
