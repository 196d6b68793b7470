import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminTransfer } from "@/api/types";
import { adminStatsQueryOptions } from "@/features/admin/api/get-admin-stats";
import { adminTransfersBaseKey } from "@/features/admin/api/get-admin-transfers";
import { adminVesselsBaseKey } from "@/features/admin/api/get-admin-vessels";
import { apiFetch } from "@/lib/api-client";

/**
 * POST /api/admin/transfers/{id}/cancel {reason} -> the transfer, `canceled`: its code stops
 * working and the vessel is active again. Open transfers only; 409 once paid, expired or canceled.
 */
export function cancelAdminTransfer({ id, reason }: { id: string; reason: string }): Promise<AdminTransfer> {
  return apiFetch<AdminTransfer>(`/api/admin/transfers/${encodeURIComponent(id)}/cancel`, { method: "POST", json: { reason } });
}

export function useCancelAdminTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAdminTransfer,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminTransfersBaseKey }),
        queryClient.invalidateQueries({ queryKey: adminVesselsBaseKey }),
        queryClient.invalidateQueries({ queryKey: adminStatsQueryOptions().queryKey }),
      ]),
  });
}
