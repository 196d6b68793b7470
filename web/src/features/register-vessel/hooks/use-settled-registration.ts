import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { Payment } from "@/api/types";
import { toast } from "@/components/ui/use-toast";
import { statsQueryOptions } from "@/features/landing/public";
import { useSettledPayment } from "@/features/payments/public";
import { myVesselsQueryOptions, searchVesselsBaseKey, vesselQueryOptions } from "@/features/vessels/public";

/** The spec's pause between the success toast and the vessel page. */
export const REDIRECT_DELAY_MS = 1000;

/**
 * The registration fee's payment, once the server has its word: on success the 'Payment
 * Successful' toast, then the vessel's page after one second; on failure `onFailed` (after
 * the payments feature's 'Payment Failed' toast).
 */
export function useSettledRegistration(paymentId: string | null, onFailed?: (payment: Payment) => void) {
  const onSucceeded = useRegistrationSucceeded();
  return useSettledPayment(paymentId, { onFailed, onSucceeded });
}

/**
 * What a registration fee's success does: the 'Payment Successful' toast, then, one second later,
 * every view of the vessel refreshed and its page. Returns the cleanup that cancels the pending
 * move (for `useSettledPayment`'s `onSucceeded`).
 */
export function useRegistrationSucceeded(): (payment: Payment) => () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (data) => {
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
  };
}
