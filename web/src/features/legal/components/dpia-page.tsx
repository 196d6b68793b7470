import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { LegalDocument, type LegalBodies } from "@/features/legal/components/legal-document";

/** The assessment's text in each language; only the reader's is downloaded. */
const BODIES: LegalBodies = {
  en: lazy(() => import("@/features/legal/content/dpia.en")),
  nl: lazy(() => import("@/features/legal/content/dpia.nl")),
  de: lazy(() => import("@/features/legal/content/dpia.de")),
  fr: lazy(() => import("@/features/legal/content/dpia.fr")),
  es: lazy(() => import("@/features/legal/content/dpia.es")),
  it: lazy(() => import("@/features/legal/content/dpia.it")),
};

/** The Data Protection Impact Assessment (/legal/dpia): the title from the catalogue, the body in the reader's language. */
export function DpiaPage() {
  const { t } = useTranslation();
  return <LegalDocument title={t("legal.dpiaTitle")} bodies={BODIES} />;
}
