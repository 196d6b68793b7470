import { zodResolver } from "@hookform/resolvers/zod";
import { FilePenLine } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { CountryConfig, Vessel } from "@/api/types";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { useRequestCorrection } from "@/features/vessels/api/request-correction";
import {
  correctionRequestDefaults,
  correctionRequestSchema,
  REASON_MAX,
  registeredValue,
  requestFields,
  toCorrectionRequestBody,
  VALUE_MAX,
  type CorrectionRequestValues,
} from "@/features/vessels/schemas/correction-request";
import { errorMessage } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { particularLabel, particularValueText } from "@/lib/particulars";

/**
 * 'Request a correction', for the vessel's owner: what identifies the vessel (make, model, build
 * year, length, identifiers) the owner cannot change; an administrator corrects it on request,
 * with the owner's reason. The form is made anew each time the dialog opens.
 */
export function RequestCorrectionDialog({ vessel, country }: { vessel: Vessel; country: CountryConfig | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <FilePenLine aria-hidden="true" />
          {t("corrections.request.action")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t("corrections.request.title")}</DialogTitle>
          <DialogDescription>{t("corrections.request.description")}</DialogDescription>
        </DialogHeader>
        <RequestCorrectionForm vessel={vessel} country={country} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function RequestCorrectionForm({
  vessel,
  country,
  onDone,
}: {
  vessel: Vessel;
  country: CountryConfig | undefined;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const send = useRequestCorrection(vessel.id);
  const form = useForm<CorrectionRequestValues>({
    resolver: zodResolver(correctionRequestSchema),
    defaultValues: correctionRequestDefaults,
  });
  const { errors } = form.formState;
  const field = useWatch({ control: form.control, name: "field" });
  const fields = requestFields(country);

  const onSubmit = (values: CorrectionRequestValues) =>
    send.mutate(toCorrectionRequestBody(values), {
      onSuccess: () => {
        toast({ title: t("corrections.request.sentTitle"), description: t("corrections.request.sent") });
        onDone();
      },
      onError: (err) => {
        if (applyServerFieldErrors(err, form.setError, ["field", "value", "reason"])) return;
        toast({
          variant: "destructive",
          title: t("corrections.request.failedTitle"),
          error: err,
          description: errorMessage(err, t("common.genericError")),
        });
      },
    });

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="grid gap-4">
      <FormField id="correction-field" label={t("corrections.request.field")} error={errors.field}>
        <NativeSelect aria-required="true" {...form.register("field")}>
          <option value="">{t("corrections.request.chooseField")}</option>
          {fields.map((name) => (
            <option key={name} value={name}>
              {particularLabel(name, t)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {field ? (
        <p className="text-sm">
          <span className="text-muted-foreground">{t("corrections.request.registered")}</span>{" "}
          <span className="font-medium break-words">
            {particularValueText(field, registeredValue(vessel, field), t, i18n.language)}
          </span>
        </p>
      ) : null}
      <FormField
        id="correction-value"
        label={t("corrections.request.value")}
        hint={t(field === "lengthCm" ? "corrections.request.valueHintLength" : "corrections.request.valueHint")}
        error={errors.value}
        errorParams={{ max: VALUE_MAX }}
      >
        <Input
          autoComplete="off"
          maxLength={VALUE_MAX}
          inputMode={field === "lengthCm" || field === "buildYear" ? "numeric" : undefined}
          {...form.register("value")}
        />
      </FormField>
      <FormField
        id="correction-reason"
        label={t("corrections.request.reason")}
        hint={t("corrections.request.reasonHint")}
        error={errors.reason}
      >
        <Textarea rows={4} aria-required="true" maxLength={REASON_MAX} {...form.register("reason")} />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t("corrections.request.sending") : t("corrections.request.send")}
        </Button>
      </DialogFooter>
    </form>
  );
}
