import { queryOptions, useQuery } from "@tanstack/react-query";
import type { User } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

// The session is shared by every feature and by the layout, so it lives in lib/ rather
// than in one feature's api/ folder (shared code never imports a feature).

/**
 * GET /api/auth/session: the signed-in user, or null for a guest (a 200, so a guest's page
 * logs no failed request). Any failure also means "not signed in" (spec section 4), never retried.
 */
export async function getCurrentUser(): Promise<User | null> {
  try {
    const session = await apiFetch<{ user: User | null }>("/api/auth/session");
    return session.user ?? null;
  } catch {
    return null;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/auth/session"],
    queryFn: getCurrentUser,
    retry: false,
  });

export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  return { user: query.data ?? null, isLoading: query.isPending };
}
