import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminUser, RoleChange } from "@/api/types";
import { adminUsersBaseKey } from "@/features/admin/api/get-admin-users";
import { apiFetch } from "@/lib/api-client";

/**
 * POST /api/admin/users/{id}/role {role} -> the user. 409 'You cannot change your own role', and
 * for the last administrator.
 */
export function changeUserRole({ id, role }: { id: string } & RoleChange): Promise<AdminUser> {
  return apiFetch<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}/role`, { method: "POST", json: { role } });
}

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersBaseKey }),
  });
}
