import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { signInWithPasskey } from "@/features/auth/api/passkey-sign-in";
import { useReauthenticate } from "@/features/auth/api/reauthenticate";
import { reauthenticateSchema, type ReauthenticateFormValues } from "@/features/auth/schemas/reauthenticate";
import { errorMessage } from "@/lib/api-client";
import { currentUserQueryOptions, useCurrentUser } from "@/lib/auth/get-current-user";
import { setSessionUser } from "@/lib/auth/session";
import { passkeyErrorMessage, usePasskeysSupported } from "@/lib/passkeys";

/**
 * 'Confirm it's you': asked when the server refuses a sensitive action because the session's
 * sign-in is older than five minutes (docs/ACCOUNTS.md). The person signs in again with a passkey
 * (where the browser has them) or their password (unless the account turned it off); `onDone(true)` then lets the refused request be
 * sent again, `onDone(false)` (Cancel, Escape, the close button) gives its refusal back.
 */
export function ReauthenticationDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const passkeysSupported = usePasskeysSupported();
  // An account that turned password sign-in off confirms with a passkey only.
  const passwordOn = user?.passwordSignIn !== false;
  const reauthenticate = useReauthenticate();
  // A passkey sign-in gives the browser a fresh session; the cached pages stay (they are the same
  // person's), only the account is read anew.
  const passkey = useMutation({ mutationFn: () => signInWithPasskey() });
  const [passkeyProblem, setPasskeyProblem] = useState<string | null>(null);
  const [otherAccount, setOtherAccount] = useState(false);

  const form = useForm<ReauthenticateFormValues>({
    resolver: zodResolver(reauthenticateSchema),
    defaultValues: { password: "" },
  });
  const { errors } = form.formState;
  const busy = reauthenticate.isPending || passkey.isPending;

  const onSubmit = form.handleSubmit((values) =>
    reauthenticate.mutate(values, {
      onSuccess: () => onDone(true),
      onError: (err) => form.setError("password", { type: "server", message: errorMessage(err, t("reauth.failed")) }),
    }),
  );

  const onPasskey = () => {
    setPasskeyProblem(null);
    passkey.mutate(undefined, {
      onSuccess: (signedIn) => {
        if (user && signedIn.id !== user.id) {
          // Another account's passkey: this browser is now signed in as that account, which must
          // not be handed the first one's action. The dialog says so until it is closed.
          setSessionUser(queryClient, signedIn);
          setOtherAccount(true);
          return;
        }
        queryClient.setQueryData(currentUserQueryOptions().queryKey, signedIn);
        onDone(true);
      },
      onError: (err) => setPasskeyProblem(passkeyErrorMessage(err)),
    });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onDone(false);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("reauth.title")}</DialogTitle>
          <DialogDescription>{t("reauth.description")}</DialogDescription>
        </DialogHeader>
        {otherAccount ? (
          <>
            <Alert variant="destructive" role="alert">
              {t("reauth.otherAccount")}
            </Alert>
            <DialogFooter>
              <Button onClick={() => onDone(false)}>{t("common.close")}</Button>
            </DialogFooter>
          </>
        ) : (
          <>
            {passkeysSupported ? (
              <div className="grid gap-3">
                <Button variant="outline" className="w-full" onClick={onPasskey} disabled={busy}>
                  <KeyRound aria-hidden="true" />
                  {passkey.isPending ? t("reauth.usingPasskey") : t("reauth.usePasskey")}
                </Button>
                {passkeyProblem ? (
                  <Alert variant="destructive" role="alert">
                    {passkeyProblem}
                  </Alert>
                ) : null}
                {passwordOn ? (
                  <p className="flex items-center gap-3 text-xs uppercase text-muted-foreground" aria-hidden="true">
                    <span className="h-px flex-1 bg-border" />
                    {t("reauth.or")}
                    <span className="h-px flex-1 bg-border" />
                  </p>
                ) : null}
              </div>
            ) : passwordOn ? null : (
              <Alert variant="destructive" role="alert">
                {t("reauth.passkeyOnlyUnsupported")}
              </Alert>
            )}
            {passwordOn ? (
              <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
                {/* For password managers: whose password this is. */}
                <input type="email" name="username" autoComplete="username" value={user?.email ?? ""} readOnly hidden />
                <FormField id="reauth-password" label={t("fields.password")} error={errors.password}>
                  <Input type="password" autoComplete="current-password" {...form.register("password")} />
                </FormField>
                <DialogFooter>
                  <Button variant="outline" onClick={() => onDone(false)} disabled={busy}>
                    {t("common.cancel")}
                  </Button>
                  <Button type="submit" disabled={busy}>
                    {reauthenticate.isPending ? t("reauth.submitting") : t("reauth.submit")}
                  </Button>
                </DialogFooter>
              </form>
            ) : (
              <DialogFooter>
                <Button variant="outline" onClick={() => onDone(false)} disabled={busy}>
                  {t("common.cancel")}
                </Button>
              </DialogFooter>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
