import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { CreditCard } from "lucide-react";
import { useState, type SubmitEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import type { PaymentFormProps } from "@/features/payments/components/payment-form-props";
import { formatEuroCents } from "@/lib/format";

// One Stripe.js per publishable key, loaded the first time a payment step needs it.
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/** Stripe's embedded Payment Element (REGISTRY_PAYMENTS=stripe), in test mode. Loaded lazily. */
export default function StripePaymentForm(props: PaymentFormProps & { publishableKey: string }) {
  const { i18n } = useTranslation();
  return (
    <Elements
      stripe={stripeFor(props.publishableKey)}
      options={{ clientSecret: props.intent.clientSecret, locale: i18n.language === "nl" ? "nl" : "en" }}
    >
      <StripeForm {...props} />
    </Elements>
  );
}

function StripeForm({ intent, returnUrl, onConfirmed, onFailed, disabled }: PaymentFormProps) {
  const { t, i18n } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPending(true);
    try {
      // Redirects only when the payment method requires it (3-D Secure, say).
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl },
        redirect: "if_required",
      });
      if (error) onFailed(error.message ?? t("payment.failedFallback"));
      else onConfirmed();
    } catch (err) {
      onFailed(err instanceof Error ? err.message : t("payment.failedFallback"));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="grid gap-4" aria-label={t("payment.card.formLabel")}>
      <PaymentElement />
      <Button type="submit" disabled={disabled || pending || !stripe || !elements} className="w-full">
        <CreditCard aria-hidden="true" />
        {pending ? t("payment.processing") : t("payment.pay", { amount: formatEuroCents(intent.amountCents, i18n.language) })}
      </Button>
    </form>
  );
}
