import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminTransferPage, TransferStatus } from "@/api/types";
import { keepPreviousPageOnly, pageParams } from "@/features/admin/api/page-params";
import { apiFetch } from "@/lib/api-client";

export type AdminTransferFilters = { status: TransferStatus | "" };

export const adminTransfersBaseKey = ["/api/admin/transfers"] as const;

/** GET /api/admin/transfers?status&page&pageSize -> {data, total, totalPages}: every transfer, newest first. */
export function getAdminTransfers(filters: AdminTransferFilters, page: number, signal?: AbortSignal): Promise<AdminTransferPage> {
  return apiFetch<AdminTransferPage>(`/api/admin/transfers?${pageParams(filters, page)}`, { signal });
}

export const adminTransfersQueryOptions = (filters: AdminTransferFilters, page: number) =>
  queryOptions({
    queryKey: [...adminTransfersBaseKey, filters, page],
    queryFn: ({ signal }) => getAdminTransfers(filters, page, signal),
    staleTime: 0,
  });

export function useAdminTransfers(filters: AdminTransferFilters, page: number) {
  return useQuery({
    ...adminTransfersQueryOptions(filters, page),
    placeholderData: keepPreviousPageOnly<AdminTransferPage>(filters),
  });
}
