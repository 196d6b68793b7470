import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Document, PreviousOwnerDocument } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/**
 * GET /api/vessels/{platformId}/documents -> the vessel's documents, newest first, each with its
 * review status (and the reason when rejected). Its current owner and administrators only: 401
 * without a session, 403 for anyone else, 404 for an unknown vessel.
 */
export function getDocuments(platformId: string, signal?: AbortSignal): Promise<Document[]> {
  return apiFetch<Document[]>(`/api/vessels/${encodeURIComponent(platformId)}/documents`, { signal });
}

export const documentsQueryOptions = (platformId: string) =>
  queryOptions({
    // Under the vessel's own key: refreshing the vessel refreshes its documents too.
    queryKey: ["/api/vessels", platformId, "documents"],
    queryFn: ({ signal }) => getDocuments(platformId, signal),
    // An administrator reviews them meanwhile: read afresh whenever a page showing them opens.
    staleTime: 0,
  });

export function useDocuments(platformId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...documentsQueryOptions(platformId), enabled });
}

/** Documents waiting for the registry's review. */
export function pendingCount(documents: readonly Document[]): number {
  return documents.filter((d) => d.reviewStatus === "pending").length;
}

/**
 * GET /api/vessels/{platformId}/documents/previous-owners -> what previous owners uploaded: kind,
 * date and review status, never the file (it stays with the vessel's record for administrators).
 */
export function getPreviousOwnersDocuments(platformId: string, signal?: AbortSignal): Promise<PreviousOwnerDocument[]> {
  return apiFetch<PreviousOwnerDocument[]>(`/api/vessels/${encodeURIComponent(platformId)}/documents/previous-owners`, {
    signal,
  });
}

export function usePreviousOwnersDocuments(platformId: string) {
  return useQuery({
    queryKey: ["/api/vessels", platformId, "documents", "previous-owners"],
    queryFn: ({ signal }) => getPreviousOwnersDocuments(platformId, signal),
  });
}
