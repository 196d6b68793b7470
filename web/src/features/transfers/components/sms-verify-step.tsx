import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Transfer } from "@/api/types";
import { CodeForm } from "@/components/forms/code-form";
import { toast } from "@/components/ui/use-toast";
import { transferQueryOptions } from "@/features/transfers/api/get-transfer";
import { useResendTransferOtp } from "@/features/transfers/api/resend-transfer-otp";
import { transferCodeToasts, useVerifyTransferOtp } from "@/features/transfers/api/verify-transfer-otp";
import { ApiError, errorMessage, retryAfterSeconds, serverText } from "@/lib/api-client";
import { RESEND_AFTER_SECONDS } from "@/lib/otp";
import { useCountdown } from "@/lib/use-countdown";

/** Seconds until the server accepts a new code, counted from when the last one was sent. */
function secondsUntilResend(sentAt: number | null): number {
  if (sentAt == null) return RESEND_AFTER_SECONDS;
  return Math.max(0, Math.ceil(RESEND_AFTER_SECONDS - (Date.now() - sentAt) / 1000));
}

/**
 * Step 2 'SMS Verify': the new owner reads out the code their phone received, the seller types it
 * into the six boxes. A wrong code shows 'Verification Failed' with the attempts left; Resend asks
 * for a new code once the server allows it (a minute after the last one), counting down till then.
 */
export function SmsVerifyStep({
  transferId,
  transfer,
  sentAt,
  onVerified,
}: {
  transferId: string;
  /** The transfer once loaded (its masked phone); the step works without it. */
  transfer: Transfer | null;
  /** When the last code was sent (ms), as far as this page knows. */
  sentAt: number | null;
  /** The code was right (the transfer's cached copy is `verified` already). */
  onVerified?: (transfer: Transfer) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const verify = useVerifyTransferOtp();
  const resend = useResendTransferOtp();
  const countdown = useCountdown(secondsUntilResend(sentAt));

  const refresh = () => queryClient.invalidateQueries({ queryKey: transferQueryOptions(transferId).queryKey });
  // The code form's failures; the right code closes them (useVerifyTransferOtp).
  const toastScope = transferCodeToasts(transferId);

  const onSubmit = (otp: string, clear: () => void) =>
    verify.mutate(
      { id: transferId, otp },
      {
        onSuccess: onVerified,
        onError: (err) => {
          clear();
          if (err instanceof ApiError && err.status === 429) countdown.stop(); // The code is dead: a new one, now.
          if (err instanceof ApiError && err.status === 409) void refresh(); // Verified, canceled or expired meanwhile.
          toast({
            scope: toastScope,
            variant: "destructive",
            title: t("transferWizard.verifyFailedTitle"),
            error: err,
            description: errorMessage(err, t("transferWizard.verifyFailedFallback")),
          });
        },
      },
    );

  const onResend = () =>
    resend.mutate(transferId, {
      onSuccess: (data) => {
        countdown.start(RESEND_AFTER_SECONDS);
        toast({
          title: t("transferWizard.resentTitle"),
          description: data.message ? serverText(data.messageCode, data.message) : t("transferWizard.resentDescription"),
        });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 429) countdown.start(retryAfterSeconds(err) ?? RESEND_AFTER_SECONDS);
        if (err instanceof ApiError && err.status === 409) void refresh();
        toast({
          scope: toastScope,
          variant: "destructive",
          title: t("transferWizard.resendFailedTitle"),
          error: err,
          description: errorMessage(err, t("common.genericError")),
        });
      },
    });

  return (
    <CodeForm
      id="transfer-code"
      label={t("transferWizard.codeLabel")}
      hint={transfer ? t("transferWizard.codeHint", { phone: transfer.toPhoneMasked }) : t("transferWizard.codeHintNoPhone")}
      submitLabel={t("transferWizard.verify")}
      submittingLabel={t("transferWizard.verifying")}
      submitting={verify.isPending}
      onSubmit={onSubmit}
      onResend={onResend}
      resending={resend.isPending}
      resendSecondsLeft={countdown.secondsLeft}
      autoFocus
    />
  );
}
