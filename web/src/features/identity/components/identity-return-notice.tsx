import { CircleAlert, Clock, Loader2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert } from "@/components/ui/alert";
import { identityFailureMessage } from "@/features/identity/components/failure-message";
import { useIdentityReturn } from "@/features/identity/hooks/use-identity-return";
import { useCurrentUser } from "@/lib/auth/get-current-user";

/**
 * The vessel page on the way back from the identity provider (?verified=identity): 'Checking
 * status...' while polling; then nothing (verified: a toast says so), why the check failed, or that
 * the result will show on the page when it arrives. `onVerified` refreshes what the page shows.
 */
export function IdentityReturnNotice({ onVerified }: { onVerified?: () => void }) {
  const { t } = useTranslation();
  const phase = useIdentityReturn({ onVerified });
  const { user } = useCurrentUser();

  if (phase === "checking") {
    return (
      <Alert role="status" className="flex items-center gap-3">
        <Loader2 className="size-5 shrink-0 animate-spin text-primary" aria-hidden="true" />
        <p>{t("identity.checking")}</p>
      </Alert>
    );
  }
  if (phase === "timedOut") {
    return (
      <Alert role="status" className="flex items-center gap-3">
        <Clock className="size-5 shrink-0" aria-hidden="true" />
        <p>{t("identity.timedOut")}</p>
      </Alert>
    );
  }
  if (phase === "failed" && user) {
    return (
      <Alert variant="destructive" role="alert" className="flex gap-3">
        <CircleAlert className="size-5 shrink-0" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-semibold">{t("identity.failedTitle")}</p>
          <p>{identityFailureMessage(user, t)}</p>
        </div>
      </Alert>
    );
  }
  return null;
}
