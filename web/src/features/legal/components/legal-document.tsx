import {
  Suspense,
  useDeferredValue,
  type ComponentProps,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { LanguageCode } from "@/i18n";
import { useSupportContact } from "@/lib/config/get-support";
import { useDocumentTitle } from "@/lib/use-document-title";
import { cn } from "@/lib/utils";

export const LAST_UPDATED = "2026-11-28";

/**
 * A legal text's body in each language, each its own lazily loaded module
 * (src/features/legal/content/<document>.<language>.tsx), so a reader downloads one version, not six.
 */
export type LegalBodies = Record<LanguageCode, LazyExoticComponent<ComponentType>>;

function hasBody(bodies: LegalBodies, code: string): code is LanguageCode {
  return Object.hasOwn(bodies, code);
}

/** The body to show for the reader's language ("de", "de-AT"): theirs, or English if there is none in it. */
export function bodyLanguage(bodies: LegalBodies, language: string): LanguageCode {
  const base = language.toLowerCase().split("-")[0];
  return hasBody(bodies, base) ? base : "en";
}

/**
 * Frame for the legal texts: the other documents, the translated title and date, and the body in
 * the reader's language. While a body loads the title stays in place; when the reader switches
 * language, the current body stays until the new one has arrived.
 */
export function LegalDocument({ title, bodies }: { title: string; bodies: LegalBodies }) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(title);
  const language = useDeferredValue(bodyLanguage(bodies, i18n.language));
  const Body = bodies[language];
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
      <Suspense
        fallback={
          <div aria-busy="true" className="mt-8 min-h-[60vh]">
            <span className="sr-only">{t("common.loading")}</span>
          </div>
        }
      >
        <div lang={language} className="mt-8 grid gap-8 text-[0.95rem] leading-relaxed">
          <Body />
        </div>
      </Suspense>
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

/** The registry's configured address (REGISTRY_SUPPORT_EMAIL); the contact page until it has loaded. */
export function SupportEmail() {
  const { t } = useTranslation();
  const support = useSupportContact();
  if (!support.data) {
    return (
      <Link to="/contact" className="text-primary underline underline-offset-2">
        {t("contact.title")}
      </Link>
    );
  }
  return (
    <a href={`mailto:${support.data.email}`} className="text-primary underline underline-offset-2">
      {support.data.email}
    </a>
  );
}

/** The address the legal texts name for privacy requests: the registry's support address. */
export const Mail = SupportEmail;
