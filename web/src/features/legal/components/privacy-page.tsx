import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { LegalDocument, type LegalBodies } from "@/features/legal/components/legal-document";

/** The policy's text in each language; only the reader's is downloaded. */
const BODIES: LegalBodies = {
  en: lazy(() => import("@/features/legal/content/privacy.en")),
  nl: lazy(() => import("@/features/legal/content/privacy.nl")),
  de: lazy(() => import("@/features/legal/content/privacy.de")),
  fr: lazy(() => import("@/features/legal/content/privacy.fr")),
  es: lazy(() => import("@/features/legal/content/privacy.es")),
  it: lazy(() => import("@/features/legal/content/privacy.it")),
};

/** The Privacy Policy (/legal/privacy): the title from the catalogue, the body in the reader's language. */
export function PrivacyPage() {
  const { t } = useTranslation();
  return <LegalDocument title={t("legal.privacyTitle")} bodies={BODIES} />;
}
