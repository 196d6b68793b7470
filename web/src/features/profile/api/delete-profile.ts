import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MessageResponse } from "@/api/types";
import { apiFetch } from "@/lib/api-client";
import { setSessionUser } from "@/lib/auth/session";

/** DELETE /api/profile: archives the account and ends the session. */
export function deleteProfile(): Promise<MessageResponse> {
  return apiFetch<MessageResponse>("/api/profile", { method: "DELETE" });
}

/**
 * `onArchived` runs before the session is cleared: clearing it unmounts the profile page,
 * after which per-call `mutate` callbacks would no longer fire.
 */
export function useDeleteProfile({ onArchived }: { onArchived?: (data: MessageResponse) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProfile,
    onSuccess: (data) => {
      onArchived?.(data);
      setSessionUser(queryClient, null);
    },
  });
}
