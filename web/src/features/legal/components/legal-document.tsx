import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDocumentTitle } from "@/lib/use-document-title";
import { cn } from "@/lib/utils";

export const CONTACT_EMAIL = "privacy@registry.example";
export const LAST_UPDATED = "2025-01-15";

/**
 * Frame for the legal texts. Titles and the frame are translated; the bodies are English
 * only for now (marked lang="en", with a notice saying so in other languages).
 */
export function LegalDocument({ title, children }: { title: string; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <nav aria-label={t("legal.otherDocuments")} className="mb-6 flex flex-wrap gap-4 text-sm">
        <Link to="/legal/privacy" className="text-primary underline-offset-4 hover:underline">
          {t("footer.privacy")}
        </Link>
        <Link to="/legal/terms" className="text-primary underline-offset-4 hover:underline">
          {t("footer.terms")}
        </Link>
        <Link to="/legal/dpia" className="text-primary underline-offset-4 hover:underline">
          {t("footer.dpia")}
        </Link>
      </nav>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{t("legal.lastUpdated", { date: LAST_UPDATED })}</p>
      {i18n.language !== "en" ? (
        <p className="mt-4 rounded-md border border-border bg-muted p-3 text-sm">{t("legal.englishOnly")}</p>
      ) : null}
      <div lang="en" className="mt-8 grid gap-8 text-[0.95rem] leading-relaxed">
        {children}
      </div>
    </article>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export function List({ className, ...props }: ComponentProps<"ul">) {
  return <ul className={cn("grid list-disc gap-1 pl-6", className)} {...props} />;
}

export function Mail() {
  return (
    <a href={`mailto:${CONTACT_EMAIL}`} className="text-primary underline underline-offset-2">
      {CONTACT_EMAIL}
    </a>
  );
}
