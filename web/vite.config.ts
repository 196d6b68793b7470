/// <reference types="vitest/config" />
import { readFileSync } from "node:fs";
import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { ChunkingContext, OutputChunk } from "rolldown";
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
        const app = chunkHolding(chunks, "/src/app/main.tsx");
        const files = [...importClosure([app], chunks)].map((chunk) => chunk.fileName);
        const tags = files
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

/**
 * How the app's code is cut into files. The bundler's own cut gave a vessel page 36 files, 20 of
 * them under 1 KB gzipped: on a slow connection each is a round trip, and each file a page names
 * as a preload costs the browser time before its first paint. So the build names three chunks
 * (rolldown's `codeSplitting.groups`), each made of what would otherwise be several:
 * - `index`: the entry (src/app/boot.ts) and what it imports, Vite's preload helper among them,
 *   which the app uses too and which would otherwise be a file of its own.
 * - `app`: what src/app/main.tsx needs, but what the entry loads before it (React DOM, which the
 *   entry evaluates first, so it stays apart). Every page runs all of it; the bundler cut it in 12
 *   files, as the pages fetched on demand share some of its modules.
 * - `shared`: the small modules (icons, API calls, badges) that two or more pages fetched on
 *   demand share, when they need nothing but the app and each other. A page then loads a few KB
 *   it may not use instead of a dozen requests.
 * What main.tsx needs is what the bundler keeps once unused exports are dropped: following its
 * imports through a library's index file would put every icon the app has into the first load. So
 * main.tsx is an entry of the build as well (it still runs only when boot.ts imports it), and `app`
 * takes what the bundler tags as needed by an entry (`$initial`). `shared` needs the module graph
 * too: with only a share count and a size bound it took in small modules that import zod and
 * Radix, and every page that loaded it loaded those as well (the dashboard 246 KB gzipped instead
 * of 195 KB). Its modules are chosen by what they import, a library's index file and all, so the
 * build checks that `shared` needs no other chunk. Declared here rather than read from a first
 * build: the same first load, and Lighthouse scores within the run-to-run spread of the earlier
 * way (docs/PERFORMANCE.md).
 */
function appChunks(): Plugin {
  let plan: ChunkPlan | undefined;
  const planOf = (ctx: ChunkingContext) => (plan ??= chunkPlan(ctx));
  return {
    name: "app-chunks",
    // Not in the server's build (scripts/prerender.mjs), which needs no chunks.
    apply: (config, env) => env.command === "build" && !config.build?.ssr,
    buildStart() {
      plan = undefined;
    },
    config: () => ({
      build: {
        rolldownOptions: {
          input: { index: INDEX_HTML, app: MAIN },
          output: {
            codeSplitting: {
              // A chunk's imports are in it already, or in a chunk of their own: `app` must not take
              // in React DOM, nor `shared` a library its modules import.
              includeDependenciesRecursively: false,
              groups: [
                { name: (id, ctx) => (planOf(ctx).entry.has(id) ? "index" : null), priority: 3 },
                { name: (id, ctx) => (planOf(ctx).first.has(id) ? null : "app"), tags: ["$initial"], priority: 2 },
                { name: (id, ctx) => (planOf(ctx).shared.has(id) ? "shared" : null), minShareCount: 2, priority: 1 },
              ],
            },
          },
        },
      },
    }),
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === "chunk");
      const shared = chunks.find((chunk) => chunk.name === "shared");
      if (!shared) return;
      const loaded = importClosure([chunkHolding(chunks, "/src/app/boot.ts"), chunkHolding(chunks, "/src/app/main.tsx")], chunks);
      const chunk = chunkByFile(chunks);
      const more = shared.imports.map(chunk).filter((needed) => !loaded.has(needed));
      if (more.length > 0)
        this.error(
          `the chunk "shared" imports ${more.map((c) => `${c.fileName} (${c.moduleIds.slice(0, 3).join(", ")}, …)`).join("; ")}, ` +
            "which every page that loads it would then load too: one of its modules needs more than its imports say " +
            "(a library's index file?); keep that module out of SHAREABLE in vite.config.ts",
        );
    },
  };
}

const INDEX_HTML = fileURLToPath(new URL("./index.html", import.meta.url));
const MAIN = fileURLToPath(new URL("./src/app/main.tsx", import.meta.url));
/** A module of at most this many bytes of JavaScript, before it is minified, counts as small. */
const SMALL_MODULE = 6_000;
/** What `shared` may hold: the app's own modules and the icons, one module each. */
const SHAREABLE = /[\\/]src[\\/]|[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

interface ChunkPlan {
  /** The entry's modules: index.html, src/app/boot.ts and what they import. */
  entry: Set<string>;
  /** What the entry loads before the app: its modules, and what it imports dynamically but main.tsx. */
  first: Set<string>;
  /** The modules that may go to `shared`, if pages on demand share them and `app` does not take them. */
  shared: Set<string>;
}

/** The plan of the chunks, from the module graph. */
function chunkPlan(ctx: ChunkingContext): ChunkPlan {
  const info = (id: string) => ctx.getModuleInfo(id);
  const reach = (from: string[], seen = new Set<string>(), dynamic = false) => {
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      info(id)?.importedIds.forEach(visit);
      if (dynamic) info(id)?.dynamicallyImportedIds.forEach(visit);
    };
    from.forEach(visit);
    return seen;
  };
  const entry = reach([INDEX_HTML]);
  const entryLoads = [...entry].flatMap((id) => info(id)?.dynamicallyImportedIds ?? []).filter((id) => id !== MAIN);
  const first = reach(entryLoads, new Set(entry));
  // More than `app` will hold (a library's index file leads to all its modules), but all of what it will.
  const app = reach([MAIN]);
  const small = (id: string) => (info(id)?.code?.length ?? Infinity) <= SMALL_MODULE;
  const shared = new Set(
    [...reach([INDEX_HTML], new Set(), true)].filter((id) => SHAREABLE.test(id) && !first.has(id) && small(id)),
  );
  // Only what needs nothing else: a small module that imports a large one would bring it along.
  const needsNothingElse = (id: string) =>
    (info(id)?.importedIds ?? []).every((needed) => first.has(needed) || app.has(needed) || shared.has(needed));
  for (let dropped = true; dropped;) {
    dropped = false;
    for (const id of shared)
      if (!needsNothingElse(id)) {
        shared.delete(id);
        dropped = true;
      }
  }
  return { entry, first, shared };
}

/** The chunk of the build that holds the module whose path ends in `path`. */
function chunkHolding(chunks: OutputChunk[], path: string): OutputChunk {
  const found = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(path)));
  if (!found) throw new Error(`the build has no chunk of ${path}`);
  return found;
}

/** A lookup of the build's chunks by file name. */
function chunkByFile(chunks: OutputChunk[]): (file: string) => OutputChunk {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  return (file) => {
    const found = byFile.get(file);
    if (!found) throw new Error(`the build has no chunk ${file}`);
    return found;
  };
}

/** `from` and every chunk they import statically, however deep. */
function importClosure(from: OutputChunk[], chunks: OutputChunk[]): Set<OutputChunk> {
  const chunk = chunkByFile(chunks);
  const seen = new Set<OutputChunk>();
  const visit = (node: OutputChunk) => {
    if (seen.has(node)) return;
    seen.add(node);
    node.imports.forEach((file) => visit(chunk(file)));
  };
  from.forEach(visit);
  return seen;
}

export default defineConfig({
  plugins: [react(), tailwindcss(), catalogueParts(), preloadApp(), appChunks()],
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
