import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowRightLeft, Landmark, LockOpen } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { Lien, Vessel } from "@/api/types";
import { CodeForm } from "@/components/forms/code-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
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
import {
  useConsentToLien,
  useConsentToLienTransfer,
  useRegisterLien,
  useReleaseLien,
  useResendLienCode,
} from "@/features/vessels/api/liens";
import {
  LENDER_NAME_MAX,
  LIEN_CURRENCIES,
  LIEN_REFERENCE_MAX,
  lienDefaults,
  lienSchema,
  RELEASE_REASON_MAX,
  RELEASE_REASON_MIN,
  releaseReasonSchema,
  toRegisterLienRequest,
  type LienValues,
  type ReleaseReasonValues,
} from "@/features/vessels/schemas/lien";
import { ApiError, errorMessage, fieldErrors, retryAfterSeconds, serverText } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useCountdown } from "@/lib/use-countdown";

/** How a lien's vessel is named in a sentence: its name, else its platform ID. */
export function lienVessel(lien: Pick<Lien, "vesselName" | "platformId">): string {
  return lien.vesselName || lien.platformId;
}

/** The server refused: its message, in the reader's language. */
function refused(err: unknown, title: string, t: TFunction) {
  toast({ variant: "destructive", title, error: err, description: errorMessage(err, t("common.genericError")) });
}

/** A currency's name in the reader's language ("EUR – Euro"), or its code alone where `Intl` has none. */
function currencyLabel(code: string, language: string): string {
  try {
    const name = new Intl.DisplayNames([language], { type: "currency" }).of(code);
    return name && name !== code ? `${code} – ${name}` : code;
  } catch {
    return code;
  }
}

/** 'Register a lien': a lender with a verified identity, on a vessel in the registry not their own. */
export function RegisterLienDialog({ vessel }: { vessel: Vessel }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Landmark aria-hidden="true" />
          {t("liens.register.action")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t("liens.register.title", { vessel: vessel.name || vessel.platformId })}</DialogTitle>
          <DialogDescription>{t("liens.register.description")}</DialogDescription>
        </DialogHeader>
        <RegisterLienForm vessel={vessel} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function RegisterLienForm({ vessel, onDone }: { vessel: Vessel; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const send = useRegisterLien(vessel.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LienValues>({ resolver: zodResolver(lienSchema), defaultValues: lienDefaults });
  const { errors } = form.formState;
  const onSubmit = (values: LienValues) => {
    setFailure(null);
    send.mutate(toRegisterLienRequest(values), {
      onSuccess: () => {
        toast({ title: t("liens.register.doneTitle"), description: t("liens.register.done") });
        onDone();
      },
      onError: (err) => {
        const placed = applyServerFieldErrors(err, form.setError, ["lenderName", "reference", "currency"]);
        // The server names the amount as it receives it, in cents; the form asks for it in units.
        const amount = Object.entries(fieldErrors(err)).flatMap(([field, messages]) => (field === "amountCents" ? messages : []));
        if (amount.length > 0) form.setError("amount", { type: "server", message: amount.join(" ") });
        if (!placed && amount.length === 0) setFailure(errorMessage(err, t("common.genericError")));
      },
    });
  };
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="grid gap-4">
      <FormField
        id={`${id}-lender`}
        label={t("liens.register.lenderName")}
        hint={t("liens.register.lenderNameHint")}
        error={errors.lenderName}
        errorParams={{ max: LENDER_NAME_MAX }}
      >
        <Input maxLength={LENDER_NAME_MAX} autoComplete="organization" aria-required="true" {...form.register("lenderName")} />
      </FormField>
      <FormField
        id={`${id}-reference`}
        label={t("liens.register.reference")}
        hint={t("liens.register.referenceHint")}
        error={errors.reference}
        errorParams={{ max: LIEN_REFERENCE_MAX }}
      >
        <Input maxLength={LIEN_REFERENCE_MAX} autoComplete="off" aria-required="true" {...form.register("reference")} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <FormField
          id={`${id}-amount`}
          label={t("liens.register.amount")}
          hint={t("liens.register.amountHint")}
          error={errors.amount}
        >
          <Input inputMode="decimal" autoComplete="off" aria-required="true" {...form.register("amount")} />
        </FormField>
        <FormField id={`${id}-currency`} label={t("liens.register.currency")} error={errors.currency}>
          <NativeSelect {...form.register("currency")}>
            {LIEN_CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {currencyLabel(code, i18n.language)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      {failure ? (
        <Alert variant="destructive" role="alert">
          {failure}
        </Alert>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t("liens.register.sending") : t("liens.register.send")}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * The owner's consent to a pending lien with the code texted to their verified mobile. The code was
 * sent when the lender registered the lien, at a time this page does not know: a new one may be
 * asked for at once, and the server's Retry-After says when not.
 */
export function LienConsentForm({ lien }: { lien: Lien }) {
  const { t } = useTranslation();
  const consent = useConsentToLien();
  const resend = useResendLienCode();
  const countdown = useCountdown(0);
  const scope = `lien-consent-${lien.id}`;

  const onSubmit = (code: string, clear: () => void) =>
    consent.mutate(
      { id: lien.id, code },
      {
        onSuccess: () =>
          toast({
            scope,
            title: t("liens.consent.doneTitle"),
            description: t("liens.consent.done", { lender: lien.lenderName }),
          }),
        onError: (err) => {
          clear();
          // No live code (expired, or too many wrong ones): a new one may be asked for now.
          if (err instanceof ApiError && err.status === 429) countdown.stop();
          toast({
            scope,
            variant: "destructive",
            title: t("liens.consent.failedTitle"),
            error: err,
            description: errorMessage(err, t("common.genericError")),
          });
        },
      },
    );

  const onResend = () =>
    resend.mutate(lien.id, {
      onSuccess: (data) =>
        toast({
          title: t("liens.consent.resentTitle"),
          description: data.message ? serverText(data.messageCode, data.message) : t("liens.consent.resent"),
        }),
      onError: (err) => {
        const wait = retryAfterSeconds(err);
        if (wait) countdown.start(wait);
        refused(err, t("liens.consent.resendFailedTitle"), t);
      },
    });

  return (
    <div className="grid gap-3 rounded-md border border-accent bg-accent/10 p-3">
      <p className="text-sm">{t("liens.consent.intro", { lender: lien.lenderName })}</p>
      <CodeForm
        id={`lien-${lien.id}-code`}
        label={t("liens.consent.label")}
        submitLabel={t("liens.consent.submit")}
        submittingLabel={t("liens.consent.submitting")}
        submitting={consent.isPending}
        onSubmit={onSubmit}
        onResend={onResend}
        resendLabel={t("liens.consent.resend")}
        resending={resend.isPending}
        resendSecondsLeft={countdown.secondsLeft}
      />
    </div>
  );
}

/** The lender lets the vessel's open transfer complete: the lien stays on the vessel under its new owner. */
export function ConsentTransferButton({ lien, describedBy }: { lien: Lien; describedBy?: string }) {
  const { t } = useTranslation();
  const consent = useConsentToLienTransfer();
  const vessel = lienVessel(lien);
  const onConfirm = () =>
    consent.mutate(lien.id, {
      onSuccess: () => toast({ title: t("liens.transfer.doneTitle"), description: t("liens.transfer.done", { vessel }) }),
      onError: (err) => refused(err, t("liens.transfer.failedTitle"), t),
    });
  return (
    <ConfirmButton
      variant="outline"
      size="sm"
      disabled={consent.isPending}
      aria-describedby={describedBy}
      title={t("liens.transfer.title", { vessel })}
      description={t("liens.transfer.description")}
      cancelLabel={t("common.cancel")}
      confirmLabel={t("liens.transfer.action")}
      onConfirm={onConfirm}
    >
      <ArrowRightLeft aria-hidden="true" />
      {t("liens.transfer.action")}
    </ConfirmButton>
  );
}

/** The lender releases the lien (withdraws it while pending); both parties are told. */
export function ReleaseLienButton({ lien, describedBy }: { lien: Lien; describedBy?: string }) {
  const { t } = useTranslation();
  const release = useReleaseLien();
  const vessel = lienVessel(lien);
  const onConfirm = () =>
    release.mutate(
      { id: lien.id },
      {
        onSuccess: () => toast({ title: t("liens.release.doneTitle"), description: t("liens.release.done", { vessel }) }),
        onError: (err) => refused(err, t("liens.release.failedTitle"), t),
      },
    );
  return (
    <ConfirmButton
      variant="outline"
      size="sm"
      disabled={release.isPending}
      aria-describedby={describedBy}
      title={t("liens.release.title", { vessel })}
      description={t(lien.status === "pending" ? "liens.release.descriptionPending" : "liens.release.description")}
      cancelLabel={t("liens.release.keep")}
      confirmLabel={t("liens.release.action")}
      onConfirm={onConfirm}
    >
      <LockOpen aria-hidden="true" />
      {t("liens.release.action")}
    </ConfirmButton>
  );
}

/**
 * An administrator releases a lien with a reason both parties read (10 to 1,000 characters, as the
 * server requires). The dialog stays open, with the server's message, when the release is refused.
 */
export function AdminReleaseLienDialog({ lien, describedBy }: { lien: Lien; describedBy?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const release = useReleaseLien();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ReleaseReasonValues>({ resolver: zodResolver(releaseReasonSchema), defaultValues: { reason: "" } });
  const { errors } = form.formState;
  const vessel = lienVessel(lien);

  const onOpenChange = (next: boolean) => {
    if (release.isPending) return;
    setOpen(next);
    if (!next) {
      form.reset();
      setFailure(null);
    }
  };

  const onSubmit = ({ reason }: ReleaseReasonValues) => {
    setFailure(null);
    release.mutate(
      { id: lien.id, reason: reason.trim().split(/\s+/).join(" ") },
      {
        onSuccess: () => {
          setOpen(false);
          form.reset();
          toast({ title: t("liens.release.doneTitle"), description: t("liens.release.done", { vessel }) });
        },
        onError: (err) => {
          if (!applyServerFieldErrors(err, form.setError, ["reason"])) setFailure(errorMessage(err, t("common.genericError")));
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="destructive" size="sm" aria-describedby={describedBy}>
          <LockOpen aria-hidden="true" />
          {t("liens.adminRelease.action")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t("liens.adminRelease.title", { lender: lien.lenderName, vessel })}</DialogTitle>
            <DialogDescription>{t("liens.adminRelease.description")}</DialogDescription>
          </DialogHeader>
          <FormField
            id={`${id}-reason`}
            label={t("liens.adminRelease.reason")}
            hint={t("liens.adminRelease.reasonHint", { min: RELEASE_REASON_MIN, max: RELEASE_REASON_MAX })}
            error={errors.reason}
          >
            <Textarea rows={3} maxLength={RELEASE_REASON_MAX} aria-required="true" {...form.register("reason")} />
          </FormField>
          {failure ? (
            <Alert variant="destructive" role="alert">
              {failure}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button variant="outline" disabled={release.isPending} onClick={() => onOpenChange(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" variant="destructive" disabled={release.isPending}>
              {release.isPending ? t("liens.adminRelease.working") : t("liens.release.action")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
