import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SessionsEnded } from "@/api/types";
import { sessionsQueryOptions } from "@/features/profile/api/get-sessions";
import { apiFetch } from "@/lib/api-client";

/** POST /api/auth/sessions/end-others -> {ended}: every session but this browser's is signed out. */
export function endOtherSessions(): Promise<SessionsEnded> {
  return apiFetch<SessionsEnded>("/api/auth/sessions/end-others", { method: "POST" });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
