import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { usePaymentsConfig } from "@/features/payments/api/get-payments-config";
import { LocalCardForm } from "@/features/payments/components/local-card-form";
import { errorMessage } from "@/lib/api-client";
import type { PaymentFormProps } from "@/features/payments/components/payment-form-props";

export type { PaymentFormProps };

// Stripe.js and its React bindings load only when a payment step shows them.
const StripePaymentForm = lazy(() => import("@/features/payments/components/stripe-payment-form"));

/** The card form of whichever provider the server uses. */
export function PaymentForm(props: PaymentFormProps) {
  const { t } = useTranslation();
  const config = usePaymentsConfig();
  if (config.isPending) return <Skeleton className="h-48 w-full" />;
  if (config.isError) {
    return (
      <Alert variant="destructive" role="alert">
        {errorMessage(config.error, t("common.genericError"))}
      </Alert>
    );
  }
  if (config.data.provider === "stripe" && config.data.publishableKey) {
    return (
      <Suspense fallback={<Skeleton className="h-48 w-full" />}>
        <StripePaymentForm {...props} publishableKey={config.data.publishableKey} />
      </Suspense>
    );
  }
  return <LocalCardForm {...props} />;
}
