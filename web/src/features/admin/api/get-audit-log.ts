import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AuditPage } from "@/api/types";
import { keepPreviousPageOnly, pageParams } from "@/features/admin/api/page-params";
import { apiFetch } from "@/lib/api-client";

/** The audit tab's filters; empty strings are "any". Dates are `YYYY-MM-DD`. */
export type AuditFilters = { actor: string; vessel: string; type: string; from: string; to: string };

export const auditLogBaseKey = ["/api/admin/audit"] as const;

/**
 * GET /api/admin/audit?actor&vessel&type&from&to&page&pageSize -> {data, total, totalPages, types}:
 * the audit log, newest first, and every action type it holds (for the type filter).
 */
export function getAuditLog(filters: AuditFilters, page: number, signal?: AbortSignal): Promise<AuditPage> {
  return apiFetch<AuditPage>(`/api/admin/audit?${pageParams(filters, page)}`, { signal });
}

export const auditLogQueryOptions = (filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: [...auditLogBaseKey, filters, page],
    queryFn: ({ signal }) => getAuditLog(filters, page, signal),
    staleTime: 0,
  });

export function useAuditLog(filters: AuditFilters, page: number) {
  return useQuery({ ...auditLogQueryOptions(filters, page), placeholderData: keepPreviousPageOnly<AuditPage>(filters) });
}
