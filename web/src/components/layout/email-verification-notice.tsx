import { useQueryClient } from "@tanstack/react-query";
import { MailWarning } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { User } from "@/api/types";
import { Button } from "@/components/ui/button";
import { ApiError, errorMessage } from "@/lib/api-client";
import { currentUserQueryOptions } from "@/lib/auth/get-current-user";
import { useSendVerificationEmail } from "@/lib/auth/resend-verification";

/**
 * The banner of an account whose email is not verified yet (EmailVerificationBanner shows it): it
 * says so and offers to send the link again, with the outcome said in the banner. An email
 * verified meanwhile (another tab) ends it.
 */
export function EmailVerificationNotice({ user }: { user: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const send = useSendVerificationEmail();

  const resend = () =>
    send.mutate(undefined, {
      onError: (err) => {
        // Verified in the meantime: the session says so once it is read again.
        if (err instanceof ApiError && err.status === 409) {
          void queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey });
        }
      },
    });

  return (
    <section aria-labelledby="email-unverified-title" className="border-b border-accent bg-accent/10 print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm">
        <MailWarning className="size-5 shrink-0 text-accent-foreground" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p id="email-unverified-title" className="font-semibold">
            {t("auth.unverified.title")}
          </p>
          <p className="text-muted-foreground">{t("auth.unverified.description", { email: user.email })}</p>
        </div>
        <Button variant="outline" size="sm" onClick={resend} disabled={send.isPending || send.isSuccess}>
          {send.isPending ? t("auth.unverified.sending") : t("auth.unverified.resend")}
        </Button>
        {/* The outcome, said where the button is (and read out as it appears). */}
        <p role="status" className="basis-full empty:hidden">
          {send.isSuccess ? t("auth.unverified.sent", { email: user.email }) : null}
        </p>
        <p role="alert" className="basis-full font-medium text-destructive empty:hidden">
          {send.isError ? errorMessage(send.error, t("auth.unverified.failed")) : null}
        </p>
      </div>
    </section>
  );
}
