import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TreeHead, TreeHeadPage } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/**
 * GET /api/transparency/tree-heads?pageSize=1 -> {data, total, totalPages}: the registry's newest
 * signed tree head of its public log of chain heads (docs/TRANSPARENCY.md), or null while none is
 * published yet. Public.
 */
export function getLatestTreeHead(signal?: AbortSignal): Promise<TreeHead | null> {
  return apiFetch<TreeHeadPage>("/api/transparency/tree-heads?pageSize=1", { signal }).then((page) => page.data[0] ?? null);
}

export const latestTreeHeadQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/transparency/tree-heads", "latest"],
    queryFn: ({ signal }) => getLatestTreeHead(signal),
    // A head is signed every hour or so: one asked for a few minutes ago is as good.
    staleTime: 5 * 60_000,
  });

export function useLatestTreeHead() {
  return useQuery(latestTreeHeadQueryOptions());
}

/**
 * GET /api/transparency/proof/inclusion?platformId=…&treeSize=… -> the JSON proof that the vessel's
 * latest chain head logged in that published tree is in it (404 `vessel_not_in_tree` for a vessel
 * whose first event came after it). A link for the reader to open, not fetched by the app.
 */
export function inclusionProofPath(platformId: string, treeSize: number): string {
  return `/api/transparency/proof/inclusion?${new URLSearchParams({ platformId, treeSize: String(treeSize) })}`;
}
