import { KeyRound, ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { User } from "@/api/types";
import { Page } from "@/components/layout/page";
import { RequireAuth } from "@/components/layout/require-auth";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { AdminStats } from "@/features/admin/components/admin-stats";
import { AdminTabList, AdminTabPanel, useAdminTab, type AdminTab } from "@/features/admin/components/admin-tabs";
import { AuditTab } from "@/features/admin/components/audit-tab";
import { CorrectionsTab } from "@/features/admin/components/corrections-tab";
import { DocumentsTab } from "@/features/admin/components/documents-tab";
import { PaymentsTab } from "@/features/admin/components/payments-tab";
import { TransfersTab } from "@/features/admin/components/transfers-tab";
import { UsersTab } from "@/features/admin/components/users-tab";
import { VesselsTab } from "@/features/admin/components/vessels-tab";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * /admin. Guests get the sign-in prompt, signed-in users who are not administrators 'Admin Access
 * Required'; the server refuses them too (401 / 403), this only spares them a broken page.
 */
export function AdminPage() {
  const { t } = useTranslation();
  // Named while signed out or loading too; 'Admin Access Required' names it again for non-admins.
  useDocumentTitle(t("admin.title"));
  return <RequireAuth>{(user) => (user.role === "admin" ? <AdminConsole user={user} /> : <AdminAccessRequired />)}</RequireAuth>;
}

function AdminAccessRequired() {
  const { t } = useTranslation();
  useDocumentTitle(t("admin.requiredTitle"));
  return (
    <Page title={t("admin.requiredTitle")} width="narrow">
      <Card>
        <CardContent className="grid justify-items-center gap-4 pt-6 text-center">
          <ShieldAlert className="size-10 text-destructive" aria-hidden="true" />
          <p>{t("admin.requiredDescription")}</p>
          <Button asChild variant="outline">
            <Link to="/">{t("admin.backHome")}</Link>
          </Button>
        </CardContent>
      </Card>
    </Page>
  );
}

function TabContent({ tab }: { tab: AdminTab }) {
  switch (tab) {
    case "vessels":
      return <VesselsTab />;
    case "transfers":
      return <TransfersTab />;
    case "payments":
      return <PaymentsTab />;
    case "documents":
      return <DocumentsTab />;
    case "corrections":
      return <CorrectionsTab />;
    case "users":
      return <UsersTab />;
    case "audit":
      return <AuditTab />;
  }
}

function AdminConsole({ user }: { user: User }) {
  const { t } = useTranslation();
  useDocumentTitle(t("admin.title"));
  const [tab, selectTab] = useAdminTab();
  return (
    <Page title={t("admin.title")} description={t("admin.description")} width="wide">
      <div className="grid gap-8">
        {user.passkeyCount === 0 ? <PasskeyRequiredNotice /> : null}
        <AdminStats />
        <div className="grid gap-4">
          <AdminTabList active={tab} onSelect={selectTab} />
          <AdminTabPanel tab={tab}>
            <TabContent tab={tab} />
          </AdminTabPanel>
        </div>
      </div>
    </Page>
  );
}

/**
 * An administrator without a passkey may read the console, but the server refuses every change
 * (403 `passkey_required`, docs/ACCOUNTS.md): said up front, with the way to add one.
 */
function PasskeyRequiredNotice() {
  const { t } = useTranslation();
  return (
    <Alert
      variant="warning"
      role="region"
      aria-labelledby="admin-passkey-notice"
      className="flex flex-col gap-3 sm:flex-row sm:items-center"
    >
      <KeyRound className="size-6 shrink-0" aria-hidden="true" />
      <div className="flex-1">
        <h2 id="admin-passkey-notice" className="text-base font-semibold">
          {t("admin.passkeyNoticeTitle")}
        </h2>
        <p className="text-muted-foreground">{t("admin.passkeyNoticeDescription")}</p>
      </div>
      <Button asChild>
        <Link to="/profile">{t("admin.passkeyNoticeLink")}</Link>
      </Button>
    </Alert>
  );
}
