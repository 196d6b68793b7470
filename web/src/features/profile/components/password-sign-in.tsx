import { useTranslation } from "react-i18next";
import type { User } from "@/api/types";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { toast } from "@/components/ui/use-toast";
import { useSetPasswordSignIn } from "@/features/profile/api/set-password-sign-in";
import { errorMessage } from "@/lib/api-client";

/**
 * Whether the account signs in with its password too. An account with a passkey may turn it off,
 * which asks first (a lost passkey is then recovered with the reset link, which adds a new one);
 * turning it back on does not. Without a passkey the switch is not offered, and the server refuses
 * it anyway (409 `passkey_needed_first`).
 */
export function PasswordSignIn({ user }: { user: User }) {
  const { t } = useTranslation();
  const change = useSetPasswordSignIn();
  const set = (enabled: boolean) =>
    change.mutate(enabled, {
      onSuccess: () => toast({ title: enabled ? t("passwordSignIn.turnedOn") : t("passwordSignIn.turnedOff") }),
      onError: (err) =>
        toast({
          variant: "destructive",
          title: t("passwordSignIn.failed"),
          error: err,
          description: errorMessage(err, t("common.genericError")),
        }),
    });

  return (
    <div className="grid gap-3 border-t border-border pt-6" role="group" aria-labelledby="password-sign-in-title">
      <h3 id="password-sign-in-title" className="font-medium">
        {t("passwordSignIn.title")}
      </h3>
      <p className="text-sm text-muted-foreground">{user.passwordSignIn ? t("passwordSignIn.on") : t("passwordSignIn.off")}</p>
      {user.passwordSignIn ? (
        user.passkeyCount > 0 ? (
          <ConfirmButton
            variant="outline"
            className="justify-self-start"
            disabled={change.isPending}
            title={t("passwordSignIn.turnOffTitle")}
            description={[t("passwordSignIn.turnOffDescription"), t("passwordSignIn.turnOffRecovery")]}
            cancelLabel={t("common.cancel")}
            confirmLabel={t("passwordSignIn.turnOff")}
            onConfirm={() => set(false)}
          >
            {t("passwordSignIn.turnOff")}
          </ConfirmButton>
        ) : (
          <p className="text-sm text-muted-foreground">{t("passwordSignIn.needsPasskey")}</p>
        )
      ) : (
        <Button variant="outline" className="justify-self-start" disabled={change.isPending} onClick={() => set(true)}>
          {t("passwordSignIn.turnOn")}
        </Button>
      )}
    </div>
  );
}
