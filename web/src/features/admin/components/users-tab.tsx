import { zodResolver } from "@hookform/resolvers/zod";
import { Archive, Search, ShieldCheck, ShieldOff } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AdminUser } from "@/api/types";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { useArchiveUser } from "@/features/admin/api/archive-user";
import { useChangeUserRole } from "@/features/admin/api/change-user-role";
import { useAdminUsers } from "@/features/admin/api/get-admin-users";
import { VESSEL_STATUS_BADGES } from "@/features/admin/components/labels";
import { EmptyState, LoadError, LoadingRows } from "@/features/admin/components/list-states";
import { ReasonDialog } from "@/features/admin/components/reason-dialog";
import { userLookupSchema, type UserLookupValues } from "@/features/admin/schemas/user-lookup";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";

/** Looks an account up by email: its details, vessels, and Archive / Make admin / Remove admin. */
export function UsersTab() {
  const { t } = useTranslation();
  const [email, setEmail] = useState<string | null>(null);
  const users = useAdminUsers(email);
  const form = useForm<UserLookupValues>({ resolver: zodResolver(userLookupSchema), defaultValues: { email: "" } });
  const onSubmit = form.handleSubmit((values) => {
    // The same address again: read it afresh (an account may have changed meanwhile).
    if (values.email === email) void users.refetch();
    else setEmail(values.email);
  });

  let body = null;
  if (email != null) {
    if (users.isPending) body = <LoadingRows rows={2} />;
    else if (users.isError) body = <LoadError error={users.error} />;
    else if (users.data.data.length === 0) body = <EmptyState>{t("admin.users.notFound", { email })}</EmptyState>;
    else
      body = (
        <ul aria-label={t("admin.users.results")} className="grid gap-4">
          {users.data.data.map((user) => (
            <li key={user.id}>
              <UserCard user={user} />
            </li>
          ))}
        </ul>
      );
  }

  return (
    <>
      <form
        role="search"
        aria-label={t("admin.users.lookupLabel")}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-2 sm:max-w-xl sm:grid-cols-[1fr_auto] sm:items-start"
      >
        <FormField id="admin-users-email" label={t("admin.users.email")} error={form.formState.errors.email}>
          <Input type="email" autoComplete="off" placeholder="name@example.com" {...form.register("email")} />
        </FormField>
        <Button type="submit" className="sm:mt-6">
          <Search aria-hidden="true" />
          {t("admin.users.lookup")}
        </Button>
      </form>
      {body}
    </>
  );
}

function UserCard({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation();
  const archive = useArchiveUser();
  const changeRole = useChangeUserRole();
  const [roleError, setRoleError] = useState<string | null>(null);
  const date = (iso: string | null | undefined, fallback: string) => (iso ? formatDate(iso, i18n.language, true) : fallback);
  const titleId = `admin-user-${user.id}`;
  const archived = user.status === "archived";
  const nextRole = user.role === "admin" ? "user" : "admin";

  const onRole = () => {
    setRoleError(null);
    changeRole.mutate(
      { id: user.id, role: nextRole },
      {
        onSuccess: (changed) =>
          toast({
            title: t("admin.users.roleChangedTitle"),
            description: t("admin.users.roleChanged", { email: changed.email, role: t(`admin.role.${changed.role}`) }),
          }),
        onError: (err) => setRoleError(errorMessage(err, t("common.genericError"))),
      },
    );
  };

  const details: [string, string][] = [
    [t("admin.users.name"), user.name || t("admin.users.notSet")],
    [t("admin.users.role"), t(`admin.role.${user.role}`)],
    [t("admin.users.status"), t(`admin.userStatus.${user.status}`, { defaultValue: user.status })],
    [t("admin.users.emailVerified"), date(user.emailVerifiedAt, t("admin.no"))],
    [t("admin.users.phoneVerified"), date(user.phoneVerifiedAt, t("admin.no"))],
    [t("admin.users.identity"), t(`admin.identityStatus.${user.identityVerificationStatus}`)],
    [t("admin.users.created"), date(user.createdAt, t("vessel.notRecorded"))],
    [t("admin.users.lastSignIn"), date(user.lastSignedInAt, t("admin.users.never"))],
  ];

  return (
    <Card aria-labelledby={titleId} role="article">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <CardTitle id={titleId} className="break-all text-lg">
            {user.email}
          </CardTitle>
          <div className="flex flex-wrap gap-2">
            {user.role === "admin" ? <Badge>{t("admin.role.admin")}</Badge> : null}
            {archived ? <Badge variant="destructive">{t("admin.userStatus.archived")}</Badge> : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={archived || changeRole.isPending} onClick={onRole}>
            {nextRole === "admin" ? <ShieldCheck aria-hidden="true" /> : <ShieldOff aria-hidden="true" />}
            {nextRole === "admin" ? t("admin.users.makeAdmin") : t("admin.users.removeAdmin")}
          </Button>
          {archived ? null : (
            <ReasonDialog
              triggerLabel={t("admin.users.archive.action")}
              triggerIcon={<Archive aria-hidden="true" />}
              title={t("admin.users.archive.title", { email: user.email })}
              description={t("admin.users.archive.description", { count: user.vessels.length })}
              confirmLabel={t("admin.users.archive.action")}
              onConfirm={(reason) => archive.mutateAsync({ id: user.id, reason })}
              onDone={() =>
                toast({
                  title: t("admin.users.archive.doneTitle"),
                  description: t("admin.users.archive.done", { email: user.email }),
                })
              }
            />
          )}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {roleError ? (
          <Alert variant="destructive" role="alert">
            {roleError}
          </Alert>
        ) : null}
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
          {details.map(([term, value]) => (
            <div key={term} className="grid gap-0.5">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <section aria-labelledby={`${titleId}-vessels`} className="grid gap-2">
          <h3 id={`${titleId}-vessels`} className="text-sm font-semibold">
            {t("admin.users.vessels", { count: user.vessels.length })}
          </h3>
          {user.vessels.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("admin.users.noVessels")}</p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {user.vessels.map((vessel) => (
                <li key={vessel.platformId} className="flex items-center gap-2 rounded-md border border-border px-2 py-1 text-sm">
                  <Link
                    to={`/registry/${encodeURIComponent(vessel.platformId)}`}
                    className="font-mono text-xs font-semibold text-primary underline-offset-4 hover:underline"
                  >
                    {vessel.platformId}
                  </Link>
                  <span>{vessel.name || t("vessel.unnamed")}</span>
                  <Badge variant={VESSEL_STATUS_BADGES[vessel.status]}>{t(`admin.vesselStatus.${vessel.status}`)}</Badge>
                </li>
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
