import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck, CircleDashed, Pencil } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { User } from "@/api/types";
import { CodeForm } from "@/components/forms/code-form";
import { PhonePrefixSelect } from "@/components/forms/phone-prefix-select";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { useSendPhoneCode } from "@/features/profile/api/send-phone-code";
import { useSetPhone } from "@/features/profile/api/set-phone";
import { useVerifyPhone } from "@/features/profile/api/verify-phone";
import { phoneSchema, type PhoneValues } from "@/features/profile/schemas/phone";
import { ApiError, errorMessage, fieldErrors, retryAfterSeconds, serverText } from "@/lib/api-client";
import { useCountries } from "@/lib/config/get-countries";
import { RESEND_AFTER_SECONDS } from "@/lib/otp";
import { phonePrefixes, splitPhoneE164, toPhoneE164 } from "@/lib/phone";
import { useCountdown } from "@/lib/use-countdown";

/**
 * The account's mobile number and its verification by SMS code: enter or change the number,
 * have a code sent, type it into the six boxes. Used by the profile page and by the vessel
 * page's 'Verify Mobile'. The signed-in user is refreshed from each answer, so every view of it
 * (the checklist, the header) follows.
 */
export function PhoneVerification({
  user,
  idPrefix = "phone",
  onVerified,
}: {
  user: User;
  /** Keeps ids unique when the flow is shown twice on one page. */
  idPrefix?: string;
  onVerified?: (user: User) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(!user.phoneE164);
  const [codeSent, setCodeSent] = useState(false);
  const resend = useCountdown();
  const verified = Boolean(user.phoneE164 && user.phoneVerifiedAt);
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  const navigate = useNavigate();

  const sendCode = () =>
    send.mutate(undefined, {
      onSuccess: (data) => {
        setCodeSent(true);
        resend.start(RESEND_AFTER_SECONDS);
        toast({
          title: t("phone.codeSentTitle"),
          description: data.message ? serverText(data.messageCode, data.message) : t("phone.codeSentDescription"),
        });
      },
      onError: (err) => {
        // Too soon: a code is on its way already; show the boxes and when to ask again.
        if (err instanceof ApiError && err.status === 429) {
          setCodeSent(true);
          resend.start(retryAfterSeconds(err) ?? RESEND_AFTER_SECONDS);
        }
        toast({
          variant: "destructive",
          title: t("phone.sendFailedTitle"),
          error: err,
          description: errorMessage(err, t("common.genericError")),
        });
      },
    });

  const onCode = (otp: string, clear: () => void) =>
    verify.mutate(
      { otp },
      {
        onSuccess: ({ claimedVessels, ...updated }) => {
          setCodeSent(false);
          onVerified?.(updated);
          // The number claimed a vessel waiting for it: that is the news (one toast at a time), and
          // the vessel's page opens.
          const first = claimedVessels.at(0);
          if (first) {
            const names = claimedVessels.map((v) => v.name ?? v.platformId).join(", ");
            toast({ title: t("phone.claimedTitle", { vessel: names }), description: t("phone.claimedDescription") });
            void navigate(`/registry/${encodeURIComponent(first.platformId)}`);
          } else {
            toast({ title: t("phone.verifiedTitle"), description: t("phone.verifiedDescription") });
          }
        },
        onError: (err) => {
          clear();
          // A dead code (five wrong tries, or expired): a new one may be asked for at once.
          if (err instanceof ApiError && err.status === 429) resend.stop();
          toast({
            variant: "destructive",
            title: t("phone.verifyFailedTitle"),
            error: err,
            description: errorMessage(err, t("phone.verifyFailedFallback")),
          });
        },
      },
    );

  return (
    <div className="grid gap-4">
      {user.phoneE164 && !editing ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono">{user.phoneE164}</span>
            {verified ? (
              <Badge variant="success">
                <CircleCheck aria-hidden="true" />
                {t("phone.verified")}
              </Badge>
            ) : (
              <Badge variant="warning">
                <CircleDashed aria-hidden="true" />
                {t("phone.notVerified")}
              </Badge>
            )}
          </div>
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            {t("phone.change")}
          </Button>
        </div>
      ) : null}

      {editing ? (
        <PhoneNumberForm
          idPrefix={idPrefix}
          current={user.phoneE164 ?? null}
          onCancel={user.phoneE164 ? () => setEditing(false) : undefined}
          onSaved={(updated) => {
            setEditing(false);
            setCodeSent(false);
            if (updated.phoneVerifiedAt) {
              toast({ title: t("phone.savedTitle"), description: t("phone.unchangedDescription") });
            } else {
              sendCode();
            }
          }}
        />
      ) : null}

      {user.phoneE164 && !verified && !editing ? (
        codeSent ? (
          <CodeForm
            id={`${idPrefix}-code`}
            label={t("phone.codeLabel")}
            hint={t("phone.codeHint", { phone: user.phoneE164 })}
            submitLabel={t("phone.verify")}
            submittingLabel={t("phone.verifying")}
            submitting={verify.isPending}
            onSubmit={onCode}
            onResend={sendCode}
            resending={send.isPending}
            resendSecondsLeft={resend.secondsLeft}
            autoFocus
          />
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-muted-foreground">{t("phone.sendCodeHint")}</p>
            <Button size="sm" onClick={sendCode} disabled={send.isPending}>
              {send.isPending ? t("phone.sending") : t("phone.sendCode")}
            </Button>
          </div>
        )
      ) : null}
    </div>
  );
}

function PhoneNumberForm({
  idPrefix,
  current,
  onSaved,
  onCancel,
}: {
  idPrefix: string;
  current: string | null;
  onSaved: (user: User) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const countries = useCountries();
  const list = countries.data ?? [];
  const save = useSetPhone();
  const initial = current
    ? splitPhoneE164(
        current,
        phonePrefixes(list).map((c) => c.phonePrefix),
      )
    : null;
  const form = useForm<PhoneValues>({
    resolver: zodResolver(phoneSchema),
    values: { phonePrefix: initial?.prefix || list[0]?.phonePrefix || "", phoneNumber: initial?.number ?? "" },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors } = form.formState;
  const phonePrefix = useWatch({ control: form.control, name: "phonePrefix" });

  const onSubmit = (values: PhoneValues) =>
    save.mutate(
      { phoneE164: toPhoneE164(values.phonePrefix, values.phoneNumber) },
      {
        onSuccess: onSaved,
        onError: (err) => {
          // The server names the field phoneE164; here it is the number the user typed.
          const { phoneE164: messages = [] } = fieldErrors(err);
          if (messages.length > 0) {
            form.setError("phoneNumber", { type: "server", message: messages.join(" ") }, { shouldFocus: true });
          } else {
            toast({
              variant: "destructive",
              title: t("phone.saveFailedTitle"),
              error: err,
              description: errorMessage(err, t("common.genericError")),
            });
          }
        },
      },
    );

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <FormField id={`${idPrefix}-prefix`} label={t("phone.prefix")} error={errors.phonePrefix}>
          <PhonePrefixSelect
            countries={list}
            placeholder={t("phone.choosePrefix")}
            selected={phonePrefix}
            disabled={countries.isPending}
            {...form.register("phonePrefix")}
          />
        </FormField>
        <FormField id={`${idPrefix}-number`} label={t("phone.number")} hint={t("phone.numberHint")} error={errors.phoneNumber}>
          <Input type="tel" inputMode="tel" autoComplete="tel-national" {...form.register("phoneNumber")} />
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t("phone.saving") : t("phone.saveAndSend")}
        </Button>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            {t("common.cancel")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
