import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { PasskeyInfo } from "@/api/types";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { useAddPasskey } from "@/features/profile/api/add-passkey";
import { usePasskeys } from "@/features/profile/api/get-passkeys";
import { useRemovePasskey } from "@/features/profile/api/remove-passkey";
import { passkeyNameSchema, type PasskeyNameValues } from "@/features/profile/schemas/passkey-name";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { passkeyErrorMessage, usePasskeysSupported } from "@/lib/passkeys";

/**
 * The profile's passkeys: each with its name, when it was added and last used, and whether it is
 * backed up (synced to the person's other devices); adding one (where the browser can) and
 * removing one, which asks first.
 */
export function Passkeys() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const supported = usePasskeysSupported();
  return (
    <div className="grid gap-6">
      {passkeys.isPending ? (
        <div role="status" aria-label={t("common.loading")} className="grid gap-2">
          <Skeleton className="h-12 w-full" />
        </div>
      ) : passkeys.isError ? (
        <Alert variant="destructive" role="alert">
          {errorMessage(passkeys.error, t("common.genericError"))}
        </Alert>
      ) : passkeys.data.length === 0 ? (
        <p className="text-muted-foreground">{t("passkeys.empty")}</p>
      ) : (
        <ul aria-label={t("passkeys.listLabel")} className="divide-y divide-border rounded-md border border-border">
          {passkeys.data.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      {supported ? <AddPasskeyForm /> : <p className="text-sm text-muted-foreground">{t("passkeys.unsupported")}</p>}
    </div>
  );
}

function PasskeyItem({ passkey }: { passkey: PasskeyInfo }) {
  const { t, i18n } = useTranslation();
  const remove = useRemovePasskey();
  const onConfirm = () =>
    remove.mutate(passkey.id, {
      onSuccess: () => toast({ title: t("passkeys.removedTitle") }),
      onError: (err) =>
        toast({
          variant: "destructive",
          title: t("passkeys.removeFailed"),
          error: err,
          description: errorMessage(err, t("common.genericError")),
        }),
    });

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <KeyRound className="size-4 text-muted-foreground" aria-hidden="true" />
          <span className="font-medium break-all">{passkey.name}</span>
          {passkey.backedUp ? <Badge variant="secondary">{t("passkeys.backedUp")}</Badge> : null}
        </p>
        <p className="text-sm text-muted-foreground">
          {t("passkeys.added", { date: formatDate(passkey.createdAt, i18n.language) })}
          {" · "}
          {passkey.lastUsedAt
            ? t("passkeys.lastUsed", { date: formatDate(passkey.lastUsedAt, i18n.language, true) })
            : t("passkeys.neverUsed")}
        </p>
      </div>
      <ConfirmButton
        variant="outline"
        size="sm"
        aria-label={t("passkeys.removeLabel", { name: passkey.name })}
        disabled={remove.isPending}
        title={t("passkeys.removeTitle")}
        description={t("passkeys.removeDescription", { name: passkey.name })}
        cancelLabel={t("common.cancel")}
        confirmLabel={t("passkeys.remove")}
        onConfirm={onConfirm}
      >
        {t("passkeys.remove")}
      </ConfirmButton>
    </li>
  );
}

function AddPasskeyForm() {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const form = useForm<PasskeyNameValues>({
    resolver: zodResolver(passkeyNameSchema),
    defaultValues: { name: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: (passkey) => {
        toast({ title: t("passkeys.addedTitle"), description: t("passkeys.addedDescription", { name: passkey.name }) });
        form.reset();
      },
      onError: (err) =>
        toast({
          variant: "destructive",
          title: t("passkeys.addFailed"),
          error: err,
          description: passkeyErrorMessage(err),
        }),
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
      <FormField id="passkey-name" label={t("passkeys.nameLabel")} hint={t("passkeys.nameHint")} error={errors.name}>
        <Input autoComplete="off" maxLength={60} {...form.register("name")} />
      </FormField>
      <Button type="submit" disabled={add.isPending} className="sm:mt-7">
        <KeyRound aria-hidden="true" />
        {add.isPending ? t("passkeys.adding") : t("passkeys.add")}
      </Button>
    </form>
  );
}
