import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminPaymentPage, PaymentStatus, Purpose } from "@/api/types";
import { keepPreviousPageOnly, pageParams } from "@/features/admin/api/page-params";
import { apiFetch } from "@/lib/api-client";

export type AdminPaymentFilters = { status: PaymentStatus | ""; purpose: Purpose | "" };

export const adminPaymentsBaseKey = ["/api/admin/payments"] as const;

/**
 * GET /api/admin/payments?status&purpose&page&pageSize -> {data, total, totalPages, totals}: every
 * payment, newest first, with the sums (succeeded, refunded, net) over all that the filters select.
 */
export function getAdminPayments(filters: AdminPaymentFilters, page: number, signal?: AbortSignal): Promise<AdminPaymentPage> {
  return apiFetch<AdminPaymentPage>(`/api/admin/payments?${pageParams(filters, page)}`, { signal });
}

export const adminPaymentsQueryOptions = (filters: AdminPaymentFilters, page: number) =>
  queryOptions({
    queryKey: [...adminPaymentsBaseKey, filters, page],
    queryFn: ({ signal }) => getAdminPayments(filters, page, signal),
    staleTime: 0,
  });

export function useAdminPayments(filters: AdminPaymentFilters, page: number) {
  return useQuery({
    ...adminPaymentsQueryOptions(filters, page),
    placeholderData: keepPreviousPageOnly<AdminPaymentPage>(filters),
  });
}
