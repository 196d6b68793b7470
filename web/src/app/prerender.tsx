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
import { PREVIEW_SLOTS, prerenderWithPreview, type VesselPreview } from "@/features/vessels/public";
import i18n, { catalogueComplete, type LanguageCode } from "@/i18n";

export { LANGUAGES } from "@/i18n";

/**
 * The pages written ahead: the public ones a visitor opens first. `code` names the source of a page
 * whose code is fetched on demand (`{lang}` for the reader's language): the page's HTML lists its
 * files as preloads (scripts/prerender.mjs), so they arrive while the app starts rather than after.
 */
const VESSEL_PAGE_CODE = "src/features/vessels/components/vessel-detail-page.tsx";

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { path: "/" },
  { path: "/registry" },
  // A vessel's page while its data load: without its name (a vessel the server cannot show), and
  // with places the server writes a public vessel's platform ID and name into (`_preview`), or its
  // platform ID alone (`_unnamed`, for a vessel without a name).
  { path: "/registry/_", code: [VESSEL_PAGE_CODE] },
  { path: "/registry/_", file: "/registry/_preview", vesselPreview: PREVIEW_SLOTS, code: [VESSEL_PAGE_CODE] },
  {
    path: "/registry/_",
    file: "/registry/_unnamed",
    vesselPreview: { ...PREVIEW_SLOTS, name: "" },
    code: [VESSEL_PAGE_CODE],
  },
  { path: "/login", code: ["src/features/auth/components/login-page.tsx"] },
  { path: "/signup", code: ["src/features/auth/components/signup-page.tsx"] },
  { path: "/forgot-password", code: ["src/features/auth/components/forgot-password-page.tsx"] },
  { path: "/how-transfers-work", code: ["src/features/transfers/components/how-transfers-work-page.tsx"] },
  ...(["privacy", "terms", "dpia"] as const).map((page) => ({
    path: `/legal/${page}`,
    code: [`src/features/legal/components/${page}-page.tsx`, `src/features/legal/content/${page}.{lang}.tsx`],
  })),
];

/** `file`: where it is written, when not at `path`; `vesselPreview`: what a vessel's page shows while it loads. */
type PrerenderedPage = { path: string; file?: string; vesselPreview?: VesselPreview; code?: readonly string[] };

/** The HTML of the app's root for `page` in `language`. */
export async function render(page: PrerenderedPage, language: LanguageCode): Promise<string> {
  await i18n.changeLanguage(language);
  // The whole catalogue: a page fetched on demand waits for it in the browser, too (lib/lazy-page.ts).
  await catalogueComplete();
  prerenderWithPreview(page.vesselPreview ?? null);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <StaticRouter location={page.path}>
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
