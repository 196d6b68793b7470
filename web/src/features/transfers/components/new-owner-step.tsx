import { zodResolver } from "@hookform/resolvers/zod";
import { MessageSquareText, TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { InitiateTransferRequest, Vessel } from "@/api/types";
import { PhonePrefixSelect } from "@/components/forms/phone-prefix-select";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { useInitiateTransfer } from "@/features/transfers/api/initiate-transfer";
import { newOwnerDefaults, newOwnerSchema, toInitiateRequest, type NewOwnerValues } from "@/features/transfers/schemas/new-owner";
import { errorMessage, fieldErrors } from "@/lib/api-client";
import { useCountries } from "@/lib/config/get-countries";
import { formatEuroCents, TRANSFER_FEE_CENTS } from "@/lib/format";

/** Server field names (the request's) and the form field each belongs to. */
const SERVER_FIELDS: Partial<Record<string, "phoneNumber" | "toEmail" | "salePrice">> = {
  toPhoneE164: "phoneNumber",
  toEmail: "toEmail",
  salePriceCents: "salePrice",
};

/**
 * Step 1 'New Owner': the new owner's mobile number (a country code, every supported one, and
 * the number), an optional email, the confirmation and the fee notice. 'Send Verification SMS'
 * starts the transfer: the vessel is in transfer and the new owner's phone receives the code.
 */
export function NewOwnerStep({
  vessel,
  onInitiated,
}: {
  vessel: Vessel;
  onInitiated: (transferId: string, request: InitiateTransferRequest) => void;
}) {
  const { t, i18n } = useTranslation();
  const countries = useCountries();
  const list = countries.data ?? [];
  const initiate = useInitiateTransfer();
  const form = useForm<NewOwnerValues>({ resolver: zodResolver(newOwnerSchema), defaultValues: newOwnerDefaults });
  const { errors, isSubmitted } = form.formState;
  const phonePrefix = useWatch({ control: form.control, name: "phonePrefix" });

  // The vessel's country's code is the likeliest: chosen once the countries are known.
  const vesselPrefix = list.find((c) => c.code === vessel.countryCode)?.phonePrefix ?? list[0]?.phonePrefix;
  useEffect(() => {
    if (vesselPrefix && !form.getValues("phonePrefix")) {
      form.setValue("phonePrefix", vesselPrefix, { shouldValidate: isSubmitted });
    }
  }, [vesselPrefix, form, isSubmitted]);

  const onSubmit = (values: NewOwnerValues) => {
    const request = toInitiateRequest(vessel.id, values);
    initiate.mutate(request, {
      onSuccess: ({ transferId }) => {
        toast({ title: t("transferWizard.initiatedTitle"), description: t("transferWizard.initiatedDescription") });
        onInitiated(transferId, request);
      },
      onError: (err) => {
        let focused = false;
        for (const [field, messages] of Object.entries(fieldErrors(err))) {
          const name = SERVER_FIELDS[field];
          if (!name || messages.length === 0) continue;
          form.setError(name, { type: "server", message: messages.join(" ") }, { shouldFocus: !focused });
          focused = true;
        }
        toast({
          variant: "destructive",
          title: t("transferWizard.failedTitle"),
          error: err,
          description: errorMessage(err, t("transferWizard.failedFallback")),
        });
      },
    });
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="grid gap-6">
      {countries.isError ? (
        <Alert variant="destructive" role="alert">
          {errorMessage(countries.error, t("transferWizard.countriesFailed"))}
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <FormField id="transfer-phone-prefix" label={t("transferWizard.phonePrefix")} error={errors.phonePrefix}>
          <PhonePrefixSelect
            countries={list}
            placeholder={t("transferWizard.choosePrefix")}
            selected={phonePrefix}
            disabled={countries.isPending}
            aria-required="true"
            {...form.register("phonePrefix")}
          />
        </FormField>
        <FormField
          id="transfer-phone"
          label={t("transferWizard.phone")}
          hint={t("transferWizard.phoneHint")}
          error={errors.phoneNumber}
        >
          <Input type="tel" inputMode="tel" autoComplete="off" aria-required="true" {...form.register("phoneNumber")} />
        </FormField>
      </div>
      <FormField
        id="transfer-email"
        label={t("transferWizard.email")}
        hint={t("transferWizard.emailHint")}
        error={errors.toEmail}
      >
        <Input type="email" autoComplete="off" {...form.register("toEmail")} />
      </FormField>
      <FormField
        id="transfer-sale-price"
        label={t("transferWizard.salePrice")}
        hint={t("transferWizard.salePriceHint")}
        error={errors.salePrice}
      >
        <Input inputMode="decimal" autoComplete="off" {...form.register("salePrice")} />
      </FormField>

      <Alert variant="warning" role="note" aria-labelledby="transfer-fee-title" className="flex gap-3">
        <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="grid gap-1">
          <p id="transfer-fee-title" className="font-semibold">
            {t("transferWizard.feeNotice", { fee: formatEuroCents(TRANSFER_FEE_CENTS, i18n.language) })}
          </p>
          <p>{t("transferWizard.feeNoticeWhoPays")}</p>
          <p>{t("transferWizard.feeNoticeAccess")}</p>
        </div>
      </Alert>

      <Controller
        control={form.control}
        name="confirmed"
        render={({ field }) => (
          <FormField id="transfer-confirm" layout="checkbox" label={t("transferWizard.confirm")} error={errors.confirmed}>
            <Checkbox
              ref={field.ref}
              checked={field.value}
              onCheckedChange={(v) => field.onChange(v)}
              onBlur={field.onBlur}
              aria-required="true"
            />
          </FormField>
        )}
      />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="submit" disabled={initiate.isPending}>
          <MessageSquareText aria-hidden="true" />
          {initiate.isPending ? t("transferWizard.sending") : t("transferWizard.submit")}
        </Button>
      </div>
    </form>
  );
}
