import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Vessel } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/** GET /api/vessels/my/list -> the signed-in user's vessels in every status, newest first. */
export function getMyVessels(signal?: AbortSignal): Promise<Vessel[]> {
  return apiFetch<Vessel[]>("/api/vessels/my/list", { signal });
}

export const myVesselsQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/vessels/my/list"],
    queryFn: ({ signal }) => getMyVessels(signal),
    // Other features (the registration wizard, later transfers) change this list without
    // reaching into this feature, so the dashboard reloads it each time it opens.
    staleTime: 0,
  });

export function useMyVessels() {
  return useQuery(myVesselsQueryOptions());
}
