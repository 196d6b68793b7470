import i18n, { type BackendModule, type ReadCallback } from "i18next";
import { initReactI18next } from "react-i18next";
import englishCore from "virtual:catalogue/en/core";

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

type Part = { default: Record<string, unknown> };
type ServerCatalogue = { default: { errors: object } };

/**
 * Each language's catalogue in two parts (vite.config.ts splits src/i18n/<lang>.json by
 * src/i18n/core-sections.ts): the sections of the first pages (layout, landing, registry search),
 * and the rest, which comes with the texts of the server's message codes (the `errors` section of
 * `server/messages/<lang>.json`, under `server`). English's first part ships in the app's entry
 * (English is every other language's fallback); everything else is fetched when needed, so the
 * first load carries one language's first pages' words and no more.
 */
const PARTS: Record<LanguageCode, { core: () => Promise<Part>; rest: () => Promise<[Part, ServerCatalogue]> }> = {
  en: {
    core: () => Promise.resolve({ default: {} }),
    rest: () => Promise.all([import("virtual:catalogue/en/rest"), import("@server-messages/en.json")]),
  },
  nl: {
    core: () => import("virtual:catalogue/nl/core"),
    rest: () => Promise.all([import("virtual:catalogue/nl/rest"), import("@server-messages/nl.json")]),
  },
  de: {
    core: () => import("virtual:catalogue/de/core"),
    rest: () => Promise.all([import("virtual:catalogue/de/rest"), import("@server-messages/de.json")]),
  },
  fr: {
    core: () => import("virtual:catalogue/fr/core"),
    rest: () => Promise.all([import("virtual:catalogue/fr/rest"), import("@server-messages/fr.json")]),
  },
  es: {
    core: () => import("virtual:catalogue/es/core"),
    rest: () => Promise.all([import("virtual:catalogue/es/rest"), import("@server-messages/es.json")]),
  },
  it: {
    core: () => import("virtual:catalogue/it/core"),
    rest: () => Promise.all([import("virtual:catalogue/it/rest"), import("@server-messages/it.json")]),
  },
};

function isLanguage(code: string): code is LanguageCode {
  return SUPPORTED_LANGUAGES.includes(code);
}

/** Whether only the first pages have been shown so far: then a language's first part is enough. */
let firstPagesOnly = true;

const rests = new Map<LanguageCode, Promise<Record<string, unknown>>>();

/**
 * A language's second part with the server's texts, fetched once (again after a failure). The
 * parts hold different sections, so they merge in either order. Until the server's texts arrive a
 * server message shows as the server wrote it, which is already in the reader's language.
 */
function rest(language: LanguageCode): Promise<Record<string, unknown>> {
  let loading = rests.get(language);
  if (!loading) {
    loading = PARTS[language].rest().then(([sections, server]) => ({ ...sections.default, server: server.default.errors }));
    loading.catch(() => rests.delete(language));
    rests.set(language, loading);
  }
  return loading;
}

/**
 * Makes a language whole. i18next asks its backend once per language: one it holds gets its second
 * part added here; one it does not hold yet gets it from the backend with the first part (the
 * fetch started here is the one the backend waits for). Adding to a language i18next has not
 * loaded would make it think the language is there when it is not.
 */
function complete(language: string, { quietly = false } = {}): Promise<void> {
  if (!isLanguage(language)) return Promise.resolve();
  return rest(language).then(
    (sections) => {
      if (i18n.hasResourceBundle(language, "translation")) {
        i18n.addResourceBundle(language, "translation", sections, true, false, { silent: quietly, skipCopy: false });
      }
    },
    // Without it the first part's words and English stand in; the page still shows.
    () => undefined,
  );
}

/**
 * i18next's backend: a language's first part while only the first pages have been shown, the whole
 * language after that (i18next switches once it has arrived, so a page never shows a missing word).
 */
const lazyBundles: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    if (!isLanguage(language)) {
      callback(null, {});
      return;
    }
    const parts = firstPagesOnly
      ? [PARTS[language].core()]
      : [PARTS[language].core(), rest(language).then((r) => ({ default: r }))];
    Promise.all(parts).then(
      (loaded) => callback(null, Object.assign({}, ...loaded.map((part) => part.default)) as Record<string, unknown>),
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

/**
 * The cookie that tells the server which language to send its pages in (app/prerender.tsx): local
 * storage never reaches the server. Functional only; the privacy notice names it.
 */
const COOKIE = "registry_language";

function applyLanguage(lng: string) {
  // Not in a browser: the pages written at build time (app/prerender.tsx).
  if (typeof document === "undefined") return;
  document.documentElement.lang = lng;
  document.cookie = `${COOKIE}=${encodeURIComponent(lng)}; path=/; max-age=31536000; samesite=lax`;
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
    // A copy: the rest of English is added to it later, and the imported module stays as it is.
    resources: { en: { translation: structuredClone(englishCore) } },
    // English's first part is given above; the backend fetches the other languages' first parts.
    partialBundledLanguages: true,
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { bindI18nStore: "added" },
  })
  .then(() => {
    if (typeof document !== "undefined") document.documentElement.lang = i18n.language;
  });

/**
 * Settles when the reader's catalogue is complete: a page fetched on demand waits for it
 * (lib/lazy-page.ts), alongside its own code. From then on every language is made whole before
 * it is shown; the one being switched to, if any, too.
 */
export function catalogueComplete(): Promise<void> {
  firstPagesOnly = false;
  // Quietly: what is shown needs only the first part, and the page that waits for the rest draws
  // after it. Telling every component would redraw them all, and the page the server sent as HTML
  // (app/prerender.tsx) would then be drawn anew instead of taken over.
  const quietly = { quietly: true };
  const languages = [i18n.language, ...(switchingTo ? [switchingTo] : [])];
  return Promise.all(languages.map((language) => complete(language, quietly))).then(() => undefined);
}

// A switch made without changeLanguage (below) completes the language just after; the
// components re-render when its words are added (react.bindI18nStore).
i18n.on("languageChanged", (language) => {
  if (!firstPagesOnly) void complete(language);
});

/** The language a switch is on its way to, while its words are fetched. */
let switchingTo: LanguageCode | undefined;

/** Switches language; past the first pages, the new language is whole before it shows. */
export function changeLanguage(code: string) {
  if (!isLanguage(code)) return;
  switchingTo = code;
  void (firstPagesOnly ? Promise.resolve() : complete(code))
    .then(() => i18n.changeLanguage(code))
    .finally(() => {
      if (switchingTo === code) switchingTo = undefined;
    });
}

export default i18n;
