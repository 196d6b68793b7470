import { useTranslation } from "react-i18next";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { PaymentForm } from "@/features/payments/components/payment-form";
import type { CardPayment } from "@/features/payments/hooks/use-card-payment";
import { errorMessage } from "@/lib/api-client";

/**
 * What a `useCardPayment` shows: a placeholder while the intent is created, the error with
 * 'Try again' when it could not be, the provider's card form, then 'Confirming…' while the server
 * has not yet said how the payment ended.
 */
export function CardPaymentPanel({
  payment,
  returnUrl,
}: {
  payment: CardPayment;
  /** Where the provider sends the browser back to after an authentication page. */
  returnUrl: (paymentId: string) => string;
}) {
  const { t } = useTranslation();
  const { intent, createIntent, settled, waiting, start, confirm, toastScope } = payment;

  if (waiting) {
    return (
      <p role="status" className="rounded-lg border border-border p-4 text-center font-medium">
        {settled.isError ? errorMessage(settled.error, t("payment.stillProcessing")) : t("payment.confirming")}
      </p>
    );
  }
  if (intent) {
    return (
      <PaymentForm
        intent={intent}
        returnUrl={returnUrl(intent.paymentId)}
        onConfirmed={() => confirm(intent.paymentId)}
        onFailed={(message) =>
          toast({ scope: toastScope, variant: "destructive", title: t("payment.failedTitle"), description: message })
        }
      />
    );
  }
  if (createIntent.isError) {
    return (
      <Alert variant="destructive" role="alert" className="grid gap-3">
        <p>{errorMessage(createIntent.error, t("payment.errorFallback"))}</p>
        <Button variant="outline" size="sm" className="justify-self-start" onClick={start}>
          {t("payment.retry")}
        </Button>
      </Alert>
    );
  }
  return <Skeleton className="h-48 w-full" />;
}
