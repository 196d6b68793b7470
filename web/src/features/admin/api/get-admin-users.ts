import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminUserList } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

export const adminUsersBaseKey = ["/api/admin/users"] as const;

/** GET /api/admin/users?email -> {data}: the accounts with that email address (archived ones too). */
export function getAdminUsers(email: string, signal?: AbortSignal): Promise<AdminUserList> {
  return apiFetch<AdminUserList>(`/api/admin/users?${new URLSearchParams({ email })}`, { signal });
}

export const adminUsersQueryOptions = (email: string) =>
  queryOptions({
    queryKey: [...adminUsersBaseKey, email],
    queryFn: ({ signal }) => getAdminUsers(email, signal),
    staleTime: 0,
  });

/** Looks up `email` once one is given (null: nothing looked up yet). */
export function useAdminUsers(email: string | null) {
  return useQuery({ ...adminUsersQueryOptions(email ?? ""), enabled: email != null });
}
