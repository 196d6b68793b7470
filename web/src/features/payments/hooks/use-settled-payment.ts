import { useEffect, useEffectEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Payment } from "@/api/types";
import { toast } from "@/components/ui/use-toast";
import { usePayment } from "@/features/payments/api/get-payment";

export type SettledPaymentHandlers = {
  /**
   * The server says the money arrived: what the fee was for happens now (the caller's toast,
   * refreshed views, the next page). May return a cleanup, e.g. clearing a pending redirect.
   */
  onSucceeded?: (payment: Payment) => unknown;
  /** Declined, failed or canceled, after the 'Payment Failed' toast. */
  onFailed?: (payment: Payment) => void;
  /** The scope of the 'Payment Failed' toast (use-toast's `scope`), for a later success to close it. */
  toastScope?: string;
};

/**
 * Waits for the server's word on a confirmed payment (never the browser's). On `succeeded`
 * it calls `onSucceeded` once; on `failed` or `canceled` it shows the 'Payment Failed' toast
 * with the provider's message and calls `onFailed`. What success means belongs to the caller
 * (the registration fee and the transfer fee end differently).
 */
export function useSettledPayment(paymentId: string | null, { onSucceeded, onFailed, toastScope }: SettledPaymentHandlers = {}) {
  const { t } = useTranslation();
  const payment = usePayment(paymentId);
  const handled = useRef<string | null>(null);
  const status = payment.data?.status;

  // A payment tried again after a failure may fail again: announce it again.
  useEffect(() => {
    handled.current = null;
  }, [paymentId]);

  // Reads this render's payment, `t` and handlers; runs only from the effect below.
  const settle = useEffectEvent(() => {
    const data = payment.data;
    if (!data || handled.current === data.id + data.status) return;
    if (data.status === "succeeded") {
      handled.current = data.id + data.status;
      const cleanup = onSucceeded?.(data);
      return typeof cleanup === "function" ? (cleanup as () => void) : undefined;
    }
    if (data.status === "failed" || data.status === "canceled") {
      handled.current = data.id + data.status;
      toast({
        scope: toastScope,
        variant: "destructive",
        title: t("payment.failedTitle"),
        description: data.failureMessage || t("payment.failedFallback"),
      });
      onFailed?.(data);
    }
  });

  // Only a new payment or a new status counts: a refetch with the same status must not cancel a
  // pending redirect (the cleanup) nor announce the outcome twice.
  useEffect(() => settle(), [payment.data?.id, status]);

  return payment;
}
