import { act, cleanup, screen } from "@testing-library/react";
import { lazy, type ReactElement } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bodyLanguage, type LegalBodies } from "@/features/legal/components/legal-document";
import { DpiaPage } from "@/features/legal/components/dpia-page";
import { PrivacyPage } from "@/features/legal/components/privacy-page";
import { TermsPage } from "@/features/legal/components/terms-page";
import i18n, { LANGUAGES, type LanguageCode } from "@/i18n";
import { jsonResponse, mockFetch, renderRoute } from "@/test/render";

type Page = {
  name: string;
  path: string;
  element: () => ReactElement;
  titleKey: string;
  /** A section heading of the page, in each language. */
  heading: Record<LanguageCode, string>;
};

const PAGES: Page[] = [
  {
    name: "Privacy Policy",
    path: "/legal/privacy",
    element: () => <PrivacyPage />,
    titleKey: "legal.privacyTitle",
    heading: {
      en: "What we collect",
      nl: "Welke gegevens wij verzamelen",
      de: "Welche Daten wir erheben",
      fr: "Les données que nous collectons",
      es: "Qué datos recogemos",
      it: "Quali dati raccogliamo",
    },
  },
  {
    name: "Terms of Service",
    path: "/legal/terms",
    element: () => <TermsPage />,
    titleKey: "legal.termsTitle",
    heading: {
      en: "6. Right of withdrawal",
      nl: "6. Herroepingsrecht",
      de: "6. Widerrufsrecht",
      fr: "6. Droit de rétractation",
      es: "6. Derecho de desistimiento",
      it: "6. Diritto di recesso",
    },
  },
  {
    name: "Data Protection Impact Assessment",
    path: "/legal/dpia",
    element: () => <DpiaPage />,
    titleKey: "legal.dpiaTitle",
    heading: {
      en: "1. Controller and contact",
      nl: "1. Verwerkingsverantwoordelijke en contact",
      de: "1. Verantwortlicher und Kontakt",
      fr: "1. Responsable du traitement et contact",
      es: "1. Responsable del tratamiento y contacto",
      it: "1. Titolare del trattamento e contatti",
    },
  },
];

/** Headings that are the same word in English and in some other language. */
const SAME_AS_ENGLISH = new Set(["Cookies", "8. Privacy"]);

/** Stands in for a page's bodies where only the language codes matter. */
const NO_BODY = lazy(() => Promise.resolve({ default: () => null }));
const BODY_CODES: LegalBodies = { en: NO_BODY, nl: NO_BODY, de: NO_BODY, fr: NO_BODY, es: NO_BODY, it: NO_BODY };

const TRANSLATIONS = LANGUAGES.map((language) => language.code).filter((code) => code !== "en");

/** Renders `page` in `language` and waits for its body; returns the body element. */
async function renderIn(page: Page, language: string) {
  await i18n.changeLanguage(language);
  renderRoute(page.element(), { path: page.path });
  const expected = page.heading[bodyLanguage(BODY_CODES, language)];
  const heading = await screen.findByRole("heading", { level: 2, name: expected });
  const body = heading.closest("[lang]");
  if (!(body instanceof HTMLElement)) throw new Error("the body has no lang attribute");
  return body;
}

/** The text of every heading, paragraph, list item and table cell of a body, in document order. */
function blocks(body: HTMLElement): string[] {
  return [...body.querySelectorAll("h2, p, li, caption, th, td")].map((element) => element.textContent.trim());
}

beforeEach(() => {
  // The address the texts name is the registry's configured one (REGISTRY_SUPPORT_EMAIL).
  mockFetch({ "GET /api/config/support": jsonResponse(200, { email: "help@registry.example" }) });
});

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("the legal pages", () => {
  // First in the file, so the body has not been loaded yet.
  it("keeps the title in place while the body loads", async () => {
    renderRoute(<DpiaPage />, { path: "/legal/dpia" });
    expect(screen.getByRole("heading", { level: 1, name: "Data Protection Impact Assessment" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { level: 2 })).not.toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 2, name: "1. Controller and contact" })).toBeInTheDocument();
  });

  describe.each(PAGES)("the $name", (page) => {
    it.each(LANGUAGES.map(({ code }) => code))("is complete in %s", async (code) => {
      const body = await renderIn(page, code);
      expect(body).toHaveAttribute("lang", code);
      expect(screen.getByRole("heading", { level: 1, name: i18n.t(page.titleKey) })).toBeInTheDocument();
      expect((await screen.findAllByRole("link", { name: "help@registry.example" }))[0]).toHaveAttribute(
        "href",
        "mailto:help@registry.example",
      );
      // The notice of the English-only days is gone.
      expect(screen.queryByText(/available in English only/)).not.toBeInTheDocument();
    });

    it.each(TRANSLATIONS)("says everything in its own words in %s", async (code) => {
      const english = blocks(await renderIn(page, "en"));
      cleanup();
      const translated = blocks(await renderIn(page, code));

      // The same structure: one translated block for every English one.
      expect(translated).toHaveLength(english.length);
      const untranslated = translated.filter((text, index) => text === english[index] && !SAME_AS_ENGLISH.has(text));
      expect(untranslated).toEqual([]);
      expect(screen.queryByRole("heading", { level: 2, name: page.heading.en })).not.toBeInTheDocument();
    });
  });

  it("follows the reader's language when it changes", async () => {
    const privacy = PAGES[0];
    await renderIn(privacy, "en");

    await act(() => i18n.changeLanguage("de"));

    expect(await screen.findByRole("heading", { level: 2, name: privacy.heading.de })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { level: 2, name: privacy.heading.en })).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Datenschutzerklärung" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: privacy.heading.de }).closest("[lang]")).toHaveAttribute("lang", "de");
  });

  it("falls back to English for a language it has no version in", async () => {
    const body = await renderIn(PAGES[1], "pt");
    expect(body).toHaveAttribute("lang", "en");
  });

  it("picks the body by the language's primary subtag", () => {
    expect(bodyLanguage(BODY_CODES, "de-AT")).toBe("de");
    expect(bodyLanguage(BODY_CODES, "FR")).toBe("fr");
    expect(bodyLanguage(BODY_CODES, "pt-BR")).toBe("en");
    expect(bodyLanguage(BODY_CODES, "")).toBe("en");
  });
});
