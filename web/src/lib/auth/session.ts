import type { QueryClient } from "@tanstack/react-query";
import type { User } from "@/api/types";
import { currentUserQueryOptions } from "@/lib/auth/get-current-user";

/**
 * Replaces the signed-in user and drops every other cached query, so nothing that
 * belonged to the previous session (profile, lists) is shown to the next one.
 */
export function setSessionUser(queryClient: QueryClient, user: User | null) {
  const key = currentUserQueryOptions().queryKey;
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== key[0] });
  queryClient.setQueryData(key, user);
}
