import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { LegalDocument, type LegalBodies } from "@/features/legal/components/legal-document";

/** The terms' text in each language; only the reader's is downloaded. */
const BODIES: LegalBodies = {
  en: lazy(() => import("@/features/legal/content/terms.en")),
  nl: lazy(() => import("@/features/legal/content/terms.nl")),
  de: lazy(() => import("@/features/legal/content/terms.de")),
  fr: lazy(() => import("@/features/legal/content/terms.fr")),
  es: lazy(() => import("@/features/legal/content/terms.es")),
  it: lazy(() => import("@/features/legal/content/terms.it")),
};

/** The Terms of Service (/legal/terms): the title from the catalogue, the body in the reader's language. */
export function TermsPage() {
  const { t } = useTranslation();
  return <LegalDocument title={t("legal.termsTitle")} bodies={BODIES} />;
}
