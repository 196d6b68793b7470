import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sessionsQueryOptions } from "@/features/profile/api/get-sessions";
import { apiFetch } from "@/lib/api-client";

/** DELETE /api/auth/sessions/{id} -> 204: that browser is signed out. 404 when it has ended already. */
export function endSession(id: string): Promise<void> {
  return apiFetch<undefined>(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    // Ended or not (it may have expired meanwhile), the list is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
