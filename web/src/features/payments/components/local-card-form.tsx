import { zodResolver } from "@hookform/resolvers/zod";
import { CreditCard, Lock } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { useConfirmLocalPayment } from "@/features/payments/api/confirm-local-payment";
import type { PaymentFormProps } from "@/features/payments/components/payment-form-props";
import { cardDefaults, cardSchema, formatExpiry, parseExpiry, type CardValues } from "@/features/payments/schemas/card";
import { ApiError, errorMessage } from "@/lib/api-client";
import { formatEuroCents } from "@/lib/format";

/** Which field a provider error code belongs to. */
const FIELD_OF_CODE: Record<string, keyof CardValues> = {
  incorrect_number: "cardNumber",
  invalid_expiry_month: "expiry",
  invalid_expiry_year: "expiry",
  expired_card: "expiry",
  invalid_cvc: "cvc",
};

/**
 * The card form of the offline processor (REGISTRY_PAYMENTS=local), which behaves like the
 * provider's test mode. Confirms with the return URL; the browser leaves only when the card
 * needs authentication.
 */
export function LocalCardForm({ intent, returnUrl, onConfirmed, onFailed, disabled }: PaymentFormProps) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirmLocalPayment();
  const form = useForm<CardValues>({ resolver: zodResolver(cardSchema), defaultValues: cardDefaults });
  const { errors } = form.formState;
  const amount = formatEuroCents(intent.amountCents, i18n.language);

  const onSubmit = (values: CardValues) => {
    const expiry = parseExpiry(values.expiry);
    if (!expiry) return; // Not reached: the schema refuses an expiry it cannot read.
    confirm.mutate(
      {
        clientSecret: intent.clientSecret,
        cardNumber: values.cardNumber,
        expMonth: expiry.month,
        expYear: expiry.year,
        cvc: values.cvc,
        returnUrl,
      },
      {
        onSuccess: (result) => {
          if (result.status === "requires_action" && result.redirectUrl) {
            window.location.assign(result.redirectUrl);
            return;
          }
          onConfirmed();
        },
        onError: (err) => {
          const field = err instanceof ApiError ? FIELD_OF_CODE[err.body?.code ?? ""] : undefined;
          const message = errorMessage(err, t("payment.failedFallback"));
          if (field) form.setError(field, { type: "server", message }, { shouldFocus: true });
          onFailed(message);
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
      className="grid gap-4"
      aria-label={t("payment.card.formLabel")}
    >
      <FormField id="card-number" label={t("payment.card.number")} error={errors.cardNumber}>
        <Input inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" {...form.register("cardNumber")} />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <Controller
          control={form.control}
          name="expiry"
          render={({ field }) => (
            <FormField id="card-expiry" label={t("payment.card.expiry")} error={errors.expiry}>
              <Input
                inputMode="numeric"
                autoComplete="cc-exp"
                maxLength={7}
                placeholder={t("payment.card.expiryPlaceholder")}
                {...field}
                // The slash comes as the reader types: "1229" is "12/29".
                onChange={(event) => field.onChange(formatExpiry(event.target.value))}
              />
            </FormField>
          )}
        />
        <FormField id="card-cvc" label={t("payment.card.cvc")} error={errors.cvc}>
          <Input inputMode="numeric" autoComplete="cc-csc" maxLength={3} placeholder="123" {...form.register("cvc")} />
        </FormField>
      </div>
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <Lock className="size-3.5" aria-hidden="true" />
        {t("payment.card.testMode")}
      </p>
      <Button type="submit" disabled={disabled || confirm.isPending} className="w-full">
        <CreditCard aria-hidden="true" />
        {confirm.isPending ? t("payment.processing") : t("payment.pay", { amount })}
      </Button>
    </form>
  );
}
