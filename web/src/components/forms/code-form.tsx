import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "@/lib/zod";
import { Button } from "@/components/ui/button";
import { CodeInput } from "@/components/ui/code-input";
import { Label } from "@/components/ui/label";
import { isCompleteCode, otpSchema } from "@/lib/otp";

const codeFormSchema = z.object({ otp: otpSchema });
type CodeFormValues = z.infer<typeof codeFormSchema>;

export type CodeFormProps = {
  /** Unique per page: the ids of the boxes' label and hint derive from it. */
  id: string;
  label: string;
  /** Where the code went ("We sent a code to +31 6•••••678"). */
  hint?: string;
  submitLabel: string;
  submittingLabel: string;
  submitting: boolean;
  /** The code; `clear` empties the boxes and puts the focus back in the first (after a wrong code). */
  onSubmit: (otp: string, clear: () => void) => void;
  /** A new code; absent when the caller offers none. */
  onResend?: () => void;
  /** The resend button's words when the default 'Resend code' would not fit (a code someone else had sent). */
  resendLabel?: string;
  resending?: boolean;
  /** Seconds until a new code may be asked for; 0 when it may be now. */
  resendSecondsLeft?: number;
  autoFocus?: boolean;
};

/**
 * Six code boxes, the submit button (enabled only with six digits, spec section 5) and a
 * Resend link that counts down until the server accepts another code.
 */
export function CodeForm({
  id,
  label,
  hint,
  submitLabel,
  submittingLabel,
  submitting,
  onSubmit,
  onResend,
  resendLabel,
  resending = false,
  resendSecondsLeft = 0,
  autoFocus,
}: CodeFormProps) {
  const { t } = useTranslation();
  const form = useForm<CodeFormValues>({ resolver: zodResolver(codeFormSchema), defaultValues: { otp: "" } });
  const otp = useWatch({ control: form.control, name: "otp" });
  const hintId = `${id}-hint`;

  // Set when `clear` ran while the boxes were still disabled by the submission.
  const focusFirstBox = useRef(false);

  const clear = () => {
    form.reset({ otp: "" });
    const first = document.getElementById(id);
    // A failed submission calls this before the boxes are enabled again, and a disabled box
    // cannot take focus: then the focus moves once `submitting` is over (below).
    if (first instanceof HTMLInputElement && !first.disabled) first.focus();
    else focusFirstBox.current = true;
  };

  useEffect(() => {
    if (submitting || !focusFirstBox.current) return;
    focusFirstBox.current = false;
    document.getElementById(id)?.focus();
  }, [submitting, id]);

  return (
    <form
      noValidate
      aria-labelledby={`${id}-label`}
      onSubmit={(event) => void form.handleSubmit((values) => onSubmit(values.otp, clear))(event)}
      className="grid gap-4"
    >
      <div className="grid gap-2">
        <Label id={`${id}-label`} htmlFor={id}>
          {label}
        </Label>
        {hint ? (
          <p id={hintId} className="text-sm text-muted-foreground">
            {hint}
          </p>
        ) : null}
        <Controller
          control={form.control}
          name="otp"
          render={({ field }) => (
            <CodeInput
              id={id}
              label={label}
              value={field.value}
              onChange={field.onChange}
              disabled={submitting}
              autoFocus={autoFocus}
              aria-describedby={hint ? hintId : undefined}
            />
          )}
        />
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="submit" disabled={!isCompleteCode(otp) || submitting}>
          {submitting ? submittingLabel : submitLabel}
        </Button>
        {onResend ? (
          <Button type="button" variant="link" className="px-0" onClick={onResend} disabled={resending || resendSecondsLeft > 0}>
            {resendSecondsLeft > 0
              ? t("codeForm.resendIn", { seconds: resendSecondsLeft })
              : resending
                ? t("codeForm.resending")
                : (resendLabel ?? t("codeForm.resend"))}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
