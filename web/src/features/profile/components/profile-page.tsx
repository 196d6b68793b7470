import { MailWarning, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { User } from "@/api/types";
import { Page } from "@/components/layout/page";
import { RequireAuth } from "@/components/layout/require-auth";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { IdentityReturnNotice } from "@/features/identity/public";
import { useDeleteProfile } from "@/features/profile/api/delete-profile";
import { useProfile } from "@/features/profile/api/get-profile";
import { useResendVerification } from "@/features/profile/api/resend-verification";
import { OwnerName } from "@/features/profile/components/owner-name";
import { Passkeys } from "@/features/profile/components/passkeys";
import { PasswordSignIn } from "@/features/profile/components/password-sign-in";
import { PersonalData } from "@/features/profile/components/personal-data";
import { PhoneVerification } from "@/features/profile/components/phone-verification";
import { Sessions, SESSIONS_ANCHOR } from "@/features/profile/components/sessions";
import { errorMessage, serverText } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";

export function ProfilePage() {
  const { t } = useTranslation();
  useDocumentTitle(t("profile.title"));
  return <RequireAuth>{(user) => <ProfileContent user={user} />}</RequireAuth>;
}

function ProfileContent({ user }: { user: User }) {
  const { t } = useTranslation();
  const profile = useProfile();
  const notSet = <span className="text-muted-foreground">{t("profile.notSet")}</span>;

  return (
    <Page title={t("profile.title")} description={t("profile.description")}>
      <div className="grid gap-6">
        {user.emailVerifiedAt ? null : <VerifyEmailNotice />}
        {/* Back from an identity check started here (to change a verified name). */}
        <IdentityReturnNotice />

        <Card>
          <CardHeader>
            <CardTitle>{t("profile.accountDetails")}</CardTitle>
          </CardHeader>
          <CardContent>
            {profile.isPending ? (
              <div className="grid gap-4" role="status" aria-label={t("common.loading")}>
                <Skeleton className="h-6 w-1/2" />
                <Skeleton className="h-6 w-2/3" />
                <Skeleton className="h-6 w-1/3" />
              </div>
            ) : profile.isError ? (
              <Alert variant="destructive" role="alert">
                {errorMessage(profile.error, t("common.genericError"))}
              </Alert>
            ) : (
              <dl className="grid gap-4 sm:grid-cols-[12rem_1fr]">
                <dt className="font-medium">{t("profile.name")}</dt>
                <dd>{profile.data.name || notSet}</dd>
                <dt className="font-medium">{t("fields.email")}</dt>
                <dd className="break-all">{profile.data.email}</dd>
                <dt className="font-medium">{t("profile.phone")}</dt>
                <dd>{profile.data.phoneE164 || notSet}</dd>
              </dl>
            )}
          </CardContent>
        </Card>

        <Card role="region" aria-labelledby="profile-owner-name-title">
          <CardHeader>
            <CardTitle id="profile-owner-name-title">{t("ownerName.title")}</CardTitle>
            <CardDescription>{t("ownerName.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <OwnerName user={user} />
          </CardContent>
        </Card>

        <Card role="region" aria-labelledby="profile-phone-title">
          <CardHeader>
            <CardTitle id="profile-phone-title">{t("phone.title")}</CardTitle>
            <CardDescription>{t("phone.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <PhoneVerification user={user} />
          </CardContent>
        </Card>

        <Card role="region" aria-labelledby="profile-passkeys-title">
          <CardHeader>
            <CardTitle id="profile-passkeys-title">{t("passkeys.title")}</CardTitle>
            <CardDescription>{t("passkeys.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <div className="grid gap-6">
              <Passkeys />
              <PasswordSignIn user={user} />
            </div>
          </CardContent>
        </Card>

        {/* Sign-in alert emails link here: /profile#sessions. */}
        <Card id={SESSIONS_ANCHOR} role="region" aria-labelledby="profile-sessions-title" className="scroll-mt-24">
          <CardHeader>
            <CardTitle id="profile-sessions-title">{t("sessions.title")}</CardTitle>
            <CardDescription>{t("sessions.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <Sessions />
          </CardContent>
        </Card>

        <Card role="region" aria-labelledby="profile-data-title">
          <CardHeader>
            <CardTitle id="profile-data-title">{t("personalData.title")}</CardTitle>
            <CardDescription>{t("personalData.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <PersonalData />
          </CardContent>
        </Card>

        <DangerZone />
      </div>
    </Page>
  );
}

function VerifyEmailNotice() {
  const { t } = useTranslation();
  const resend = useResendVerification();
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: (data) =>
        toast({
          title: t("profile.resendSuccessTitle"),
          description: data.message ? serverText(data.messageCode, data.message) : t("profile.resendSuccessDescription"),
        }),
      onError: (err) =>
        toast({
          variant: "destructive",
          title: t("common.error"),
          error: err,
          description: errorMessage(err, t("profile.resendFailed")),
        }),
    });

  return (
    <Alert variant="warning" className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <MailWarning className="size-5 shrink-0" aria-hidden="true" />
      <div className="flex-1">
        <p className="font-medium">{t("profile.unverifiedTitle")}</p>
        <p className="text-muted-foreground">{t("profile.unverifiedDescription")}</p>
      </div>
      <Button variant="outline" size="sm" onClick={onResend} disabled={resend.isPending}>
        {t("profile.resend")}
      </Button>
    </Alert>
  );
}

function DangerZone() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteProfile({
    onArchived: (data) => {
      toast({
        title: t("profile.archivedTitle"),
        description: data.message ? serverText(data.messageCode, data.message) : t("profile.archivedDescription"),
      });
      void navigate("/");
    },
  });

  const onConfirm = () =>
    remove.mutate(undefined, {
      onError: (err) =>
        toast({
          variant: "destructive",
          title: t("common.error"),
          error: err,
          description: errorMessage(err, t("profile.archiveFailed")),
        }),
    });

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive">
          <TriangleAlert className="size-5" aria-hidden="true" />
          {t("profile.dangerZone")}
        </CardTitle>
        <CardDescription>{t("profile.dangerZoneDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ConfirmButton
          variant="destructive"
          disabled={remove.isPending}
          title={t("profile.confirmTitle")}
          description={[t("profile.confirmArchived"), t("profile.confirmVessels"), t("profile.confirmEmailReuse")]}
          cancelLabel={t("common.cancel")}
          confirmLabel={t("profile.deleteAccount")}
          onConfirm={onConfirm}
        >
          {t("profile.deleteAccount")}
        </ConfirmButton>
      </CardContent>
    </Card>
  );
}
