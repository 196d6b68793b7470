import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProfileUpdate, User } from "@/api/types";
import { profileQueryOptions } from "@/features/profile/api/get-profile";
import { apiFetch } from "@/lib/api-client";
import { currentUserQueryOptions } from "@/lib/auth/get-current-user";

/**
 * PATCH /api/profile {name, ownerKind, companyNumber} -> the user: the name certificates print.
 * A typed name is `nameVerified: false`; 409 `verified_name_needs_new_verification` when the name
 * was verified by an identity check (another check changes it); 422 with field errors.
 */
export function setOwnerName(body: ProfileUpdate): Promise<User> {
  return apiFetch<User>("/api/profile", { method: "PATCH", json: body });
}

export function useSetOwnerName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOwnerName,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
      void queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
    },
  });
}
