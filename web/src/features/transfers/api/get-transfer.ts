import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Transfer } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/**
 * GET /api/transfers/{id} -> the transfer, for its seller, its recipient (once known) and
 * administrators; 404 for anyone else (and 400 for an id of the wrong shape).
 */
export function getTransfer(id: string, signal?: AbortSignal): Promise<Transfer> {
  return apiFetch<Transfer>(`/api/transfers/${encodeURIComponent(id)}`, { signal });
}

export const transferQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["/api/transfers", id],
    queryFn: ({ signal }) => getTransfer(id, signal),
    staleTime: 0,
  });

export function useTransfer(id: string | null) {
  return useQuery({ ...transferQueryOptions(id ?? ""), enabled: id != null });
}
