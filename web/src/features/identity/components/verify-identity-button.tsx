import { ScanFace } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useCreateIdentitySession } from "@/features/identity/api/create-identity-session";
import { errorMessage } from "@/lib/api-client";

/**
 * 'Verify Identity' (or 'Try again' after a failed check): starts a session at the identity provider
 * and sends the browser to it. Busy from the click until the browser has left. From a vessel's page
 * (`platformId`) the check returns there; without one it starts from the profile and returns there,
 * which is how a verified person changes their name (`again`).
 */
export function VerifyIdentityButton({
  platformId,
  retry = false,
  again = false,
}: {
  platformId?: string;
  retry?: boolean;
  again?: boolean;
}) {
  const { t } = useTranslation();
  const start = useCreateIdentitySession();
  // After success the browser is on its way to the provider: stay busy.
  const busy = start.isPending || start.isSuccess;

  const onClick = () =>
    start.mutate(platformId ? { vesselPlatformId: platformId } : {}, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (err) =>
        toast({
          variant: "destructive",
          title: t("common.error"),
          error: err,
          description: errorMessage(err, t("identity.startFailed")),
        }),
    });

  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={busy} aria-busy={busy || undefined}>
      <ScanFace aria-hidden="true" />
      {busy ? t("identity.starting") : again ? t("identity.verifyAgain") : retry ? t("identity.tryAgain") : t("identity.verify")}
    </Button>
  );
}
