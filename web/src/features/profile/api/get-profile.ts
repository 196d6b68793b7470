import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Profile } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/** GET /api/profile -> {name, email, phoneE164}. */
export function getProfile(): Promise<Profile> {
  return apiFetch<Profile>("/api/profile");
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/profile"],
    queryFn: getProfile,
  });

export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...profileQueryOptions(), enabled });
}
