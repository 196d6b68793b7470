import i18n, { type BackendModule, type ReadCallback } from "i18next";
import { initReactI18next } from "react-i18next";
import en from "@/i18n/en.json";

/** The six languages of the menu, each with its name in itself. */
export const LANGUAGES = [
  { code: "en", nativeName: "English" },
  { code: "nl", nativeName: "Nederlands" },
  { code: "de", nativeName: "Deutsch" },
  { code: "fr", nativeName: "Français" },
  { code: "es", nativeName: "Español" },
  { code: "it", nativeName: "Italiano" },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]["code"];

export const SUPPORTED_LANGUAGES: readonly string[] = LANGUAGES.map((l) => l.code);
const STORAGE_KEY = "registry.language";
const DEFAULT_LANGUAGE = "en";

type Catalogue = { default: object };
type ServerCatalogue = { default: { errors: object } };

/**
 * A language's strings: the app's own, and under `server` the texts of the server's message
 * codes (the `errors` section of `server/messages/<lang>.json`, the server's own catalogue).
 */
function merged(app: Catalogue, server: ServerCatalogue): object {
  return { ...app.default, server: server.default.errors };
}

/**
 * English ships with the app (it is also every other bundle's fallback); the other five
 * are fetched when first chosen, so a reader downloads one catalogue, not six.
 */
const BUNDLES: Record<Exclude<LanguageCode, "en">, () => Promise<object>> = {
  nl: () => Promise.all([import("@/i18n/nl.json"), import("@server-messages/nl.json")]).then(([a, s]) => merged(a, s)),
  de: () => Promise.all([import("@/i18n/de.json"), import("@server-messages/de.json")]).then(([a, s]) => merged(a, s)),
  fr: () => Promise.all([import("@/i18n/fr.json"), import("@server-messages/fr.json")]).then(([a, s]) => merged(a, s)),
  es: () => Promise.all([import("@/i18n/es.json"), import("@server-messages/es.json")]).then(([a, s]) => merged(a, s)),
  it: () => Promise.all([import("@/i18n/it.json"), import("@server-messages/it.json")]).then(([a, s]) => merged(a, s)),
};

const lazyBundles: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    // English is bundled; i18next asks only for the supported languages.
    if (!(language in BUNDLES)) {
      callback(null, {});
      return;
    }
    BUNDLES[language as keyof typeof BUNDLES]().then(
      (bundle) => callback(null, bundle as Record<string, unknown>),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

function storedLanguage(): string {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    if (value && SUPPORTED_LANGUAGES.includes(value)) return value;
  } catch {
    // Storage can be unavailable (privacy mode); fall back to the default.
  }
  return DEFAULT_LANGUAGE;
}

function applyLanguage(lng: string) {
  document.documentElement.lang = lng;
  try {
    window.localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // Not persisted; the choice still applies to this page.
  }
}

i18n.on("languageChanged", applyLanguage);

/** Settles once the reader's language is loaded; the app renders after it (main.tsx). */
export const i18nReady = i18n
  .use(lazyBundles)
  .use(initReactI18next)
  .init({
    // A copy: the server's English texts are added to it later, and the imported module stays as it is.
    resources: { en: { translation: { ...en } } },
    // English is bundled above; the backend fetches the others.
    partialBundledLanguages: true,
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES,
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  .then(() => {
    document.documentElement.lang = i18n.language;
  });

/**
 * The English texts of the server's message codes (every other language's come with its
 * bundle). Fetched after the first render, not in the first load: until they arrive a server
 * message shows as the server wrote it, which is already in the reader's language.
 */
export const serverEnglishReady = import("@server-messages/en.json").then((catalogue) => {
  i18n.addResourceBundle("en", "translation", { server: catalogue.default.errors }, true, false);
});

export function changeLanguage(code: string) {
  if (SUPPORTED_LANGUAGES.includes(code)) void i18n.changeLanguage(code);
}

export default i18n;
