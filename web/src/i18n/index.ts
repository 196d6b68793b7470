import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import en from "@/i18n/en.json";
import nl from "@/i18n/nl.json";

/** Every language the menu lists; only those with `available: true` have translations. */
export const LANGUAGES = [
  { code: "en", available: true },
  { code: "nl", available: true },
  { code: "de", available: false },
  { code: "fr", available: false },
  { code: "es", available: false },
  { code: "it", available: false },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]["code"];

export const SUPPORTED_LANGUAGES = LANGUAGES.filter((l) => l.available).map((l) => l.code);
const STORAGE_KEY = "registry.language";
const DEFAULT_LANGUAGE = "en";

function storedLanguage(): string {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    if (value && (SUPPORTED_LANGUAGES as readonly string[]).includes(value)) return value;
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

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, nl: { translation: nl } },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: SUPPORTED_LANGUAGES,
  interpolation: { escapeValue: false },
  returnNull: false,
});

document.documentElement.lang = i18n.language;

export function changeLanguage(code: string) {
  if ((SUPPORTED_LANGUAGES as readonly string[]).includes(code)) void i18n.changeLanguage(code);
}

export default i18n;
