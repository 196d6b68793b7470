import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminUser } from "@/api/types";
import { adminStatsQueryOptions } from "@/features/admin/api/get-admin-stats";
import { adminUsersBaseKey } from "@/features/admin/api/get-admin-users";
import { adminVesselsBaseKey } from "@/features/admin/api/get-admin-vessels";
import { apiFetch } from "@/lib/api-client";

/**
 * POST /api/admin/users/{id}/archive {reason} -> the user, `archived`: signed out everywhere, their
 * vessels deactivated, the email free for a new account. 409 for oneself or an archived account.
 */
export function archiveUser({ id, reason }: { id: string; reason: string }): Promise<AdminUser> {
  return apiFetch<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}/archive`, { method: "POST", json: { reason } });
}

export function useArchiveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersBaseKey }),
        queryClient.invalidateQueries({ queryKey: adminVesselsBaseKey }),
        queryClient.invalidateQueries({ queryKey: adminStatsQueryOptions().queryKey }),
      ]),
  });
}
