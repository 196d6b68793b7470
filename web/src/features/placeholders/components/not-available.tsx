import { Construction } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Page } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useDocumentTitle } from "@/lib/use-document-title";

/** A page of the spec's route table whose screen is not built yet: says so, links back. */
export function NotAvailable({ title, description }: { title: string; description?: string }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <Page title={title} description={description}>
      <Card>
        <CardContent className="grid justify-items-center gap-4 pt-6 text-center">
          <Construction className="size-10 text-primary" aria-hidden="true" />
          <p className="text-lg font-medium">{t("placeholders.notAvailable")}</p>
          <Button asChild variant="outline">
            <Link to="/">{t("placeholders.backHome")}</Link>
          </Button>
        </CardContent>
      </Card>
    </Page>
  );
}
