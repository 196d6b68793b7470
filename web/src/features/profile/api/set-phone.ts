import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SetPhoneRequest, User } from "@/api/types";
import { profileQueryOptions } from "@/features/profile/api/get-profile";
import { apiFetch } from "@/lib/api-client";
import { currentUserQueryOptions } from "@/lib/auth/get-current-user";

/**
 * POST /api/profile/phone {phoneE164} -> the user. A new number is unverified until a code
 * confirms it (the same number stays as it was); 422 with a field error when it is not E.164.
 */
export function setPhone(body: SetPhoneRequest): Promise<User> {
  return apiFetch<User>("/api/profile/phone", { method: "POST", json: body });
}

export function useSetPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPhone,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
      void queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
    },
  });
}
