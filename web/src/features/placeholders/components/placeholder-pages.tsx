import { ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Page } from "@/components/layout/page";
import { RequireAuth } from "@/components/layout/require-auth";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { NotAvailable } from "@/features/placeholders/components/not-available";
import { useDocumentTitle } from "@/lib/use-document-title";

// Routes from the spec whose screens come later. Access rules already apply: signed-out
// visitors get the sign-in prompt, non-admins the admin notice.

export function AdminPage() {
  const { t } = useTranslation();
  return (
    <RequireAuth>
      {(user) => (user.role === "admin" ? <NotAvailable title={t("placeholders.admin.title")} /> : <AdminAccessRequired />)}
    </RequireAuth>
  );
}

function AdminAccessRequired() {
  const { t } = useTranslation();
  useDocumentTitle(t("placeholders.admin.requiredTitle"));
  return (
    <Page title={t("placeholders.admin.requiredTitle")} width="narrow">
      <Card>
        <CardContent className="grid justify-items-center gap-4 pt-6 text-center">
          <ShieldAlert className="size-10 text-destructive" aria-hidden="true" />
          <p>{t("placeholders.admin.requiredDescription")}</p>
          <Button asChild variant="outline">
            <Link to="/">{t("placeholders.backHome")}</Link>
          </Button>
        </CardContent>
      </Card>
    </Page>
  );
}
