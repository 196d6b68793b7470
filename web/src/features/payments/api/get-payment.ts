import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Payment } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/** GET /api/payments/{id} -> the payer's payment, brought up to date from the provider. */
export function getPayment(id: string, signal?: AbortSignal): Promise<Payment> {
  return apiFetch<Payment>(`/api/payments/${encodeURIComponent(id)}`, { signal });
}

/** How often the page asks while the provider has not settled the payment. */
export const PAYMENT_POLL_MS = 1000;

// Never served from cache: a payment retried after a failure is the same payment, and only
// a fresh answer from the server may say how it ended.
export const paymentQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["/api/payments", id], queryFn: ({ signal }) => getPayment(id, signal), staleTime: 0, gcTime: 0 });

/** Polls until the server reports the payment settled (succeeded, failed or canceled). */
export function usePayment(id: string | null) {
  return useQuery({
    ...paymentQueryOptions(id ?? ""),
    enabled: id != null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "succeeded" || status === "failed" || status === "canceled" ? false : PAYMENT_POLL_MS;
    },
  });
}
