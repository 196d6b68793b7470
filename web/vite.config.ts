/// <reference types="vitest/config" />
import { readFileSync } from "node:fs";
import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { OutputChunk } from "rolldown";
import { defineConfig, type Plugin } from "vite";
import { CORE_SECTIONS } from "./src/i18n/core-sections.ts";

const apiTarget = process.env.API_PROXY_TARGET ?? "http://127.0.0.1:8080";

/**
 * `virtual:catalogue/<lang>/core` and `virtual:catalogue/<lang>/rest`: a language's catalogue
 * (src/i18n/<lang>.json, the one file translators edit) split by CORE_SECTIONS, so the first load
 * carries only the words of the first pages.
 */
function catalogueParts(): Plugin {
  const prefix = "virtual:catalogue/";
  return {
    name: "catalogue-parts",
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const [lang, part] = id.slice(prefix.length + 1).split("/");
      if (!/^[a-z]{2}$/.test(lang) || (part !== "core" && part !== "rest")) throw new Error(`no catalogue part ${id}`);
      const file = fileURLToPath(new URL(`./src/i18n/${lang}.json`, import.meta.url));
      this.addWatchFile(file);
      const sections = Object.entries(JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>);
      const wanted = sections.filter(([name]) => CORE_SECTIONS.includes(name) === (part === "core"));
      return `export default ${JSON.stringify(Object.fromEntries(wanted))};`;
    },
  };
}

/**
 * Module preloads in index.html for the app's code and what it imports: the entry
 * (src/app/boot.ts) runs it after the first paint, and it is fetched from the start all the same,
 * at low priority, so that on a slow connection the stylesheet the first paint waits for comes
 * first.
 */
function preloadApp(): Plugin {
  return {
    name: "preload-app",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === "chunk");
        const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith("/src/app/main.tsx"));
        if (!app) throw new Error("the build has no chunk of src/app/main.tsx");
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          (bundle[file] as OutputChunk).imports.forEach(visit);
        };
        visit(app.fileName);
        const tags = [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, fetchpriority: "low", href: `/${file}` },
            injectTo: "head" as const,
          }));
        return { html, tags };
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), catalogueParts(), preloadApp()],
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./src", import.meta.url)),
      // The server's message catalogue, which the app reads for the text of a server message's code.
      "@server-messages": fileURLToPath(new URL("../server/messages", import.meta.url)),
    },
  },
  server: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      // The offline card processor's authentication page is served by the server.
      "/payments": { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
    // The server applies a strict CSP (script-src/style-src/font-src 'self'): emit every asset
    // as a file rather than a data: URL, and skip the module-preload polyfill (modern
    // browsers only; it is not needed and keeps the entry chunk to our own code).
    assetsInlineLimit: 0,
    // For scripts/prerender.mjs, which lists a page's files in its HTML (and then removes it).
    manifest: true,
    modulePreload: { polyfill: false },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
    restoreMocks: true,
  },
});
