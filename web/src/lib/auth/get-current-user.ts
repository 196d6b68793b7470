import { queryOptions, useQuery } from "@tanstack/react-query";
import type { User } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

// The session is shared by every feature and by the layout, so it lives in lib/ rather
// than in one feature's api/ folder (shared code never imports a feature).

/** GET /api/auth/me. Any failure means "not signed in" (spec section 4): null, never retried. */
export async function getCurrentUser(): Promise<User | null> {
  try {
    return await apiFetch<User>("/api/auth/me");
  } catch {
    return null;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/auth/me"],
    queryFn: getCurrentUser,
    retry: false,
  });

export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  return { user: query.data ?? null, isLoading: query.isPending };
}
