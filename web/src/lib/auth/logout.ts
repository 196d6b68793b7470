import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { setSessionUser } from "@/lib/auth/session";

/** POST /api/auth/logout -> 204. */
export function logout(): Promise<void> {
  return apiFetch<undefined>("/api/auth/logout", { method: "POST" });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Whatever the server said, this browser is no longer signed in.
    onSettled: () => setSessionUser(queryClient, null),
  });
}
