import i18n, { i18nReady } from "@/i18n";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppProviders } from "@/app/providers";
import { AppRoutes } from "@/app/router";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// The server sends the first pages' HTML, written at build time (app/prerender.tsx) in the language
// its cookie names, which the root records (scripts/prerender.mjs).
const written = root.firstElementChild ? root.dataset.lang : undefined;

// Rendered once the reader's language is loaded, so a Dutch reader never sees English first. The
// first render is a transition, so React renders it in slices and a tap or key press during it is
// answered at once instead of after the whole page is built (on a slow phone that is ~0.4 s).
void i18nReady.finally(() => {
  const app = (
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
  startTransition(() => {
    // HTML in the reader's language is taken over as it stands; any other is drawn anew.
    if (written === i18n.language) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
});
