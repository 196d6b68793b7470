import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { User } from "@/api/types";
import { apiFetch } from "@/lib/api-client";
import { setSessionUser } from "@/lib/auth/session";
import { createPasskeyCredential, type CreationOptions } from "@/lib/passkeys";

/**
 * For an account that signs in without a password, the reset link adds a passkey instead:
 * POST /api/auth/passkeys/recover/start {token} -> creation options (and the ceremony's cookie,
 * bound to the link), the browser makes the passkey, then POST /api/auth/passkeys/recover/finish
 * {token, name?, credential} -> the user: the link used, every other session ended, and this
 * browser signed in. 400 `invalid_token` for a link used or expired; 409
 * `password_sign_in_on_reset_password` for an account that still has password sign-in.
 */
export async function recoverWithPasskey({ token, name }: { token: string; name: string }): Promise<User> {
  const options = await apiFetch<CreationOptions>("/api/auth/passkeys/recover/start", { method: "POST", json: { token } });
  const credential = await createPasskeyCredential(options);
  return apiFetch<User>("/api/auth/passkeys/recover/finish", {
    method: "POST",
    json: { token, name: name.trim() || null, credential },
  });
}

export function useRecoverWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recoverWithPasskey,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
