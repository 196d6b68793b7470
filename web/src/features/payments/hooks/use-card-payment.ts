import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CreatedIntent, CreateIntentRequest } from "@/api/types";
import { dismissToasts, toast } from "@/components/ui/use-toast";
import { useCreatePaymentIntent } from "@/features/payments/api/create-payment-intent";
import { useSettledPayment, type SettledPaymentHandlers } from "@/features/payments/hooks/use-settled-payment";
import { errorMessage } from "@/lib/api-client";

/**
 * A fee paid by card, from the moment its step opens: the intent is created once per vessel (or
 * transfer) when this first runs, and again on `start` after an error (the server reuses the
 * unfinished payment). Once the card form confirms, it waits for the server's word: `onSucceeded`
 * runs only when the server reports the payment succeeded; a failed or canceled one shows the
 * 'Payment Failed' toast and the form again. Shown by `CardPaymentPanel`.
 */
export function useCardPayment(request: CreateIntentRequest, onSucceeded: SettledPaymentHandlers["onSucceeded"]) {
  const { t } = useTranslation();
  const createIntent = useCreatePaymentIntent();
  const [intent, setIntent] = useState<CreatedIntent | null>(null);
  const [confirmedId, setConfirmedId] = useState<string | null>(null);
  const asked = useRef<string | null>(null);
  // Once per transfer (or vessel) when the step opens; the effect event sees this render's `start`.
  const key = request.transferId ?? request.vesselId;
  // This fee's failures ('Payment Failed', an intent not created): the next step that works closes them.
  const toastScope = `payment-${key}`;
  const settled = useSettledPayment(confirmedId, { onSucceeded, onFailed: () => setConfirmedId(null), toastScope });

  const start = () => {
    createIntent.mutate(request, {
      onSuccess: (created) => {
        dismissToasts(toastScope);
        setIntent(created);
      },
      onError: (err) =>
        toast({
          scope: toastScope,
          variant: "destructive",
          title: t("payment.errorTitle"),
          description: errorMessage(err, t("payment.errorFallback")),
        }),
    });
  };
  const startOnOpen = useEffectEvent(start);
  useEffect(() => {
    if (asked.current === key) return;
    asked.current = key;
    startOnOpen();
  }, [key]);

  const status = settled.data?.status;
  return {
    /** The created intent, once there is one: its `amountCents` is the fee the server charges. */
    intent,
    createIntent,
    settled,
    /** The card form confirmed and the server has not yet said the payment failed. */
    waiting: confirmedId != null && status !== "failed" && status !== "canceled",
    start,
    /** The card form confirmed the payment: an earlier attempt's failure is over. */
    confirm: (paymentId: string) => {
      dismissToasts(toastScope);
      setConfirmedId(paymentId);
    },
    /** The scope of this fee's failure toasts. */
    toastScope,
  };
}

export type CardPayment = ReturnType<typeof useCardPayment>;
