/**
 * The first pages as HTML, written at build time (scripts/prerender.mjs runs this module, built by
 * `vite build --ssr`): the server sends a page's HTML in the reader's language, so it shows before
 * the app's code has arrived and run, and the app then hydrates it (main.tsx). A page is rendered
 * as a first visit sees it before any data has come: what the server knows about the reader
 * (signed in or not) and the data arrive afterwards, as they do for a page the app draws.
 */
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { AppProviders } from "@/app/providers";
import { createQueryClient } from "@/app/query-client";
import { AppRoutes } from "@/app/router";
import i18n, { catalogueComplete, type LanguageCode } from "@/i18n";

export { LANGUAGES } from "@/i18n";

/** The pages written ahead, by path: the public ones a visitor opens first. */
export const PRERENDERED_PATHS = [
  "/",
  "/registry",
  // Any vessel (the server writes in its name): the page's loading state until the data arrive.
  "/registry/_",
  "/login",
  "/signup",
  "/forgot-password",
  "/how-transfers-work",
  "/legal/privacy",
  "/legal/terms",
  "/legal/dpia",
] as const;

/** The HTML of the app's root for `path` in `language`. */
export async function render(path: string, language: LanguageCode): Promise<string> {
  await i18n.changeLanguage(language);
  // The whole catalogue: a page fetched on demand waits for it in the browser, too (lib/lazy-page.ts).
  await catalogueComplete();
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
    // Large boundaries would otherwise come after the page with inline scripts to put them in
    // place, which the Content Security Policy forbids: every boundary is written in place.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
