import "@/index.css";
import { i18nReady } from "@/i18n";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppProviders } from "@/app/providers";
import { AppRoutes } from "@/app/router";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// Rendered once the reader's language is loaded, so a Dutch reader never sees English first. The
// first render is a transition, so React renders it in slices and a tap or key press during it is
// answered at once instead of after the whole page is built (on a slow phone that is ~0.4 s).
void i18nReady.finally(() => {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
});
