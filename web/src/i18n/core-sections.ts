/**
 * The catalogue sections the first pages need: the layout, the landing page, the registry search
 * and the not-found page, which are in the app's first load. English ships these in the entry
 * and fetches the other sections with the first page that is loaded on demand
 * (`virtual:catalogue/en/core` and `/rest`, made by vite.config.ts from en.json).
 * A test renders those pages with these sections alone and fails on any key they lack.
 */
export const CORE_SECTIONS: readonly string[] = [
  "auth",
  "brand",
  "codeInput",
  "common",
  "countries",
  "footer",
  "lang",
  "landing",
  "nav",
  "notFound",
  "registry",
  "stepper",
  "toast",
  "vessel",
];
