import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminDocumentPage, ReviewStatus } from "@/api/types";
import { keepPreviousPageOnly, pageParams } from "@/features/admin/api/page-params";
import { apiFetch } from "@/lib/api-client";

export type AdminDocumentFilters = { status: ReviewStatus };

export const adminDocumentsBaseKey = ["/api/admin/documents"] as const;

/** GET /api/admin/documents?status&page&pageSize -> {data, total, totalPages}: the review queue (`pending` by default). */
export function getAdminDocuments(filters: AdminDocumentFilters, page: number, signal?: AbortSignal): Promise<AdminDocumentPage> {
  return apiFetch<AdminDocumentPage>(`/api/admin/documents?${pageParams(filters, page)}`, { signal });
}

export const adminDocumentsQueryOptions = (filters: AdminDocumentFilters, page: number) =>
  queryOptions({
    queryKey: [...adminDocumentsBaseKey, filters, page],
    queryFn: ({ signal }) => getAdminDocuments(filters, page, signal),
    staleTime: 0,
  });

export function useAdminDocuments(filters: AdminDocumentFilters, page: number) {
  return useQuery({
    ...adminDocumentsQueryOptions(filters, page),
    placeholderData: keepPreviousPageOnly<AdminDocumentPage>(filters),
  });
}
