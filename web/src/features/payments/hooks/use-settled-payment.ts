import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { Payment } from "@/api/types";
import { toast } from "@/components/ui/use-toast";
import { usePayment } from "@/features/payments/api/get-payment";
import { statsQueryOptions } from "@/features/landing/public";
import { myVesselsQueryOptions, searchVesselsBaseKey, vesselQueryOptions } from "@/features/vessels/public";

/** The spec's pause between the success toast and the vessel page. */
export const REDIRECT_DELAY_MS = 1000;

/**
 * Waits for the server's word on a confirmed payment (never the browser's): on `succeeded`
 * the 'Payment Successful' toast, then the vessel's page after one second; on `failed` the
 * 'Payment Failed' toast with the provider's message and `onFailed`.
 */
export function useSettledPayment(paymentId: string | null, onFailed?: (payment: Payment) => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const payment = usePayment(paymentId);
  const handled = useRef<string | null>(null);
  const status = payment.data?.status;

  // A payment tried again after a failure may fail again: announce it again.
  useEffect(() => {
    handled.current = null;
  }, [paymentId]);

  // Reads this render's payment, `t`, `navigate` and `onFailed`; runs only from the effect below.
  const settle = useEffectEvent(() => {
    const data = payment.data;
    if (!data || handled.current === data.id + data.status) return;
    if (data.status === "succeeded") {
      handled.current = data.id + data.status;
      toast({
        title: t("payment.successTitle"),
        description: t("payment.successDescription", { platformId: data.vesselPlatformId }),
      });
      const timer = window.setTimeout(() => {
        // The vessel is now active and public: every view of it is out of date. Refreshed
        // only now, so that the page showing this payment stays until it moves on.
        for (const queryKey of [
          vesselQueryOptions(data.vesselPlatformId).queryKey,
          myVesselsQueryOptions().queryKey,
          statsQueryOptions().queryKey,
          searchVesselsBaseKey,
        ]) {
          void queryClient.invalidateQueries({ queryKey });
        }
        void navigate(`/registry/${encodeURIComponent(data.vesselPlatformId)}`, { replace: true });
      }, REDIRECT_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
    if (data.status === "failed" || data.status === "canceled") {
      handled.current = data.id + data.status;
      toast({
        variant: "destructive",
        title: t("payment.failedTitle"),
        description: data.failureMessage || t("payment.failedFallback"),
      });
      onFailed?.(data);
    }
  });

  // Only a new payment or a new status counts: a refetch with the same status must not cancel the
  // pending redirect (the cleanup) nor announce the outcome twice.
  useEffect(() => settle(), [payment.data?.id, status]);

  return payment;
}
