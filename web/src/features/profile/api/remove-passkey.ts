import { useMutation, useQueryClient } from "@tanstack/react-query";
import { passkeysQueryOptions } from "@/features/profile/api/get-passkeys";
import { apiFetch } from "@/lib/api-client";
import { currentUserQueryOptions } from "@/lib/auth/get-current-user";

/** DELETE /api/auth/passkeys/{id} -> 204. Needs a recent sign-in (the app asks for one if not). */
export function removePasskey(id: string): Promise<void> {
  return apiFetch<undefined>(`/api/auth/passkeys/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey });
    },
  });
}
