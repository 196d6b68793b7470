import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SessionInfo } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/** GET /api/auth/sessions -> the account's live sessions, the most recently used first. */
export function getSessions(): Promise<SessionInfo[]> {
  return apiFetch<SessionInfo[]>("/api/auth/sessions");
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/auth/sessions"],
    queryFn: getSessions,
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
