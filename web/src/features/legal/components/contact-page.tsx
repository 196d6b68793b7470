import { LifeBuoy, Mail as MailIcon, Scale } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SupportEmail } from "@/features/legal/components/legal-document";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * /contact: where to write for support and about disputes (REGISTRY_SUPPORT_EMAIL), what to
 * include, and what the registry can and cannot decide. Linked from the footer, certificates,
 * /verify, conflict errors and the privacy page.
 */
export function ContactPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("contact.title"));
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("contact.title")}</h1>
        <p className="text-muted-foreground">{t("contact.description")}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <MailIcon className="size-5 text-primary" aria-hidden="true" />
            {t("contact.writeTitle")}
          </CardTitle>
          <CardDescription>{t("contact.writeDescription")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          <p className="text-lg">
            <SupportEmail />
          </p>
          <p className="text-sm text-muted-foreground">{t("contact.include")}</p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Scale className="size-5 text-primary" aria-hidden="true" />
            {t("contact.disputesTitle")}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          <p>{t("contact.disputesRecord")}</p>
          <p>{t("contact.disputesCourts")}</p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <LifeBuoy className="size-5 text-primary" aria-hidden="true" />
            {t("contact.supportTitle")}
          </CardTitle>
        </CardHeader>
        <CardContent className="text-sm">
          <p>{t("contact.supportBody")}</p>
        </CardContent>
      </Card>
    </div>
  );
}
