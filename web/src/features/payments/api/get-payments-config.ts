import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PaymentsConfig } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/** GET /api/config/payments -> which card provider takes payments, and Stripe's publishable key. */
export function getPaymentsConfig(signal?: AbortSignal): Promise<PaymentsConfig> {
  return apiFetch<PaymentsConfig>("/api/config/payments", { signal });
}

export const paymentsConfigQueryOptions = () =>
  queryOptions({ queryKey: ["/api/config/payments"], queryFn: ({ signal }) => getPaymentsConfig(signal) });

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQueryOptions());
}
