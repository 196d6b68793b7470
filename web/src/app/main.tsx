import "@/index.css";
import { i18nReady } from "@/i18n";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppProviders } from "@/app/providers";
import { AppRoutes } from "@/app/router";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// Rendered once the reader's language is loaded, so a Dutch reader never sees English first.
void i18nReady.finally(() => {
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
