import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { User, VerifyPhoneRequest } from "@/api/types";
import { profileQueryOptions } from "@/features/profile/api/get-profile";
import { apiFetch } from "@/lib/api-client";
import { currentUserQueryOptions } from "@/lib/auth/get-current-user";

/**
 * POST /api/profile/phone/verify {otp} -> the user, its number verified (and any vessel waiting
 * for that number's claim now theirs). 400 `wrong_code` with the attempts left; 429 when the
 * code is dead (five wrong attempts, or expired) and a new one is needed; 409 when the number is
 * verified on another account.
 */
export function verifyPhone(body: VerifyPhoneRequest): Promise<User> {
  return apiFetch<User>("/api/profile/phone/verify", { method: "POST", json: body });
}

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
      void queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
    },
  });
}
