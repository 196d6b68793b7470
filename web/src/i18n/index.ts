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

/**
 * English ships with the app (it is also every other bundle's fallback); the other five
 * are fetched when first chosen, so a reader downloads one catalogue, not six.
 */
const BUNDLES: Record<Exclude<LanguageCode, "en">, () => Promise<{ default: object }>> = {
  nl: () => import("@/i18n/nl.json"),
  de: () => import("@/i18n/de.json"),
  fr: () => import("@/i18n/fr.json"),
  es: () => import("@/i18n/es.json"),
  it: () => import("@/i18n/it.json"),
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
      (bundle) => callback(null, bundle.default as Record<string, unknown>),
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
    resources: { en: { translation: en } },
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

export function changeLanguage(code: string) {
  if (SUPPORTED_LANGUAGES.includes(code)) void i18n.changeLanguage(code);
}

export default i18n;
