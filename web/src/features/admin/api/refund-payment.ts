import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminPayment } from "@/api/types";
import { adminPaymentsBaseKey } from "@/features/admin/api/get-admin-payments";
import { adminStatsQueryOptions } from "@/features/admin/api/get-admin-stats";
import { apiFetch } from "@/lib/api-client";

/**
 * POST /api/admin/payments/{id}/refund {reason} -> the payment with its `refund`. Only while it is
 * `refundable` (succeeded, not refunded yet); 409 otherwise.
 */
export function refundPayment({ id, reason }: { id: string; reason: string }): Promise<AdminPayment> {
  return apiFetch<AdminPayment>(`/api/admin/payments/${encodeURIComponent(id)}/refund`, { method: "POST", json: { reason } });
}

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPaymentsBaseKey }),
        // Revenue (30d) is net of refunds.
        queryClient.invalidateQueries({ queryKey: adminStatsQueryOptions().queryKey }),
      ]),
  });
}
