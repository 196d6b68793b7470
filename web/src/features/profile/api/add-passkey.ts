import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PasskeyInfo } from "@/api/types";
import { passkeysQueryOptions } from "@/features/profile/api/get-passkeys";
import { apiFetch } from "@/lib/api-client";
import { currentUserQueryOptions } from "@/lib/auth/get-current-user";
import { createPasskeyCredential, type CreationOptions } from "@/lib/passkeys";

/**
 * Adds a passkey to the signed-in account: POST /api/auth/passkeys/register/start -> the options
 * (and the ceremony's cookie, for this session, 5 minutes), the browser makes the passkey, then
 * POST /api/auth/passkeys/register/finish {name?, credential} -> 201 the passkey. 400 an expired
 * or failed ceremony, 409 one already registered or 20 already held.
 */
export async function addPasskey({ name }: { name: string }): Promise<PasskeyInfo> {
  const options = await apiFetch<CreationOptions>("/api/auth/passkeys/register/start", { method: "POST" });
  const credential = await createPasskeyCredential(options);
  return apiFetch<PasskeyInfo>("/api/auth/passkeys/register/finish", {
    method: "POST",
    json: { name: name.trim() || null, credential },
  });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey });
      // The account's passkeyCount (an administrator's console depends on it).
      void queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey });
    },
  });
}
