import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PasskeyInfo } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/** GET /api/auth/passkeys -> the account's passkeys, newest first. */
export function getPasskeys(): Promise<PasskeyInfo[]> {
  return apiFetch<PasskeyInfo[]>("/api/auth/passkeys");
}

export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/auth/passkeys"],
    queryFn: getPasskeys,
  });

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}
