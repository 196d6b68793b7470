import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PhoneVerified, VerifyPhoneRequest } from "@/api/types";
import { profileQueryOptions } from "@/features/profile/api/get-profile";
import { apiFetch } from "@/lib/api-client";
import { currentUserQueryOptions } from "@/lib/auth/get-current-user";

/**
 * POST /api/profile/phone/verify {otp} -> the user, its number verified, with `claimedVessels`: the
 * vessels that were waiting for that number's claim and are now theirs. 400 `wrong_code` with the attempts left; 429 when the
 * code is dead (five wrong attempts, or expired) and a new one is needed; 409 when the number is
 * verified on another account.
 */
export function verifyPhone(body: VerifyPhoneRequest): Promise<PhoneVerified> {
  return apiFetch<PhoneVerified>("/api/profile/phone/verify", { method: "POST", json: body });
}

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    onSuccess: ({ claimedVessels, ...user }) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
      // A claimed vessel is on the dashboard now.
      if (claimedVessels.length > 0) void queryClient.invalidateQueries({ queryKey: ["/api/vessels"] });
      void queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
    },
  });
}
