/// <reference types="vitest/config" />
import { readFileSync } from "node:fs";
import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { OutputChunk } from "rolldown";
import { build, defineConfig, type Plugin } from "vite";
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
 * as a preload costs the browser time before its first paint. So the build is surveyed first, as
 * the bundler would cut it, and two of its chunks are then made of several:
 * - `app`: what src/app/main.tsx needs, but React DOM (which src/app/boot.ts evaluates first, so
 *   it stays apart). Every page runs all of it; the bundler cut it in 12 files, as the pages
 *   fetched on demand share some of its modules.
 * - `shared`: the small chunks (icons, API calls, badges) that pages fetched on demand share, when
 *   they need nothing but the app and each other. A page then loads a few KB it may not use
 *   instead of a dozen requests.
 * The survey is the same build in memory (a second or two), as only the bundler knows which
 * modules a chunk needs once the unused exports are dropped.
 */
function appChunks(): Plugin {
  return {
    name: "app-chunks",
    // Not in the survey itself, nor in the server's build (scripts/prerender.mjs), which needs no chunks.
    apply: (config, env) => env.command === "build" && !config.build?.ssr && !process.env.REGISTRY_WEB_CHUNK_SURVEY,
    async config() {
      process.env.REGISTRY_WEB_CHUNK_SURVEY = "1";
      let survey: Awaited<ReturnType<typeof build>>;
      try {
        survey = await build({ configFile: CONFIG_FILE, logLevel: "silent", build: { write: false } });
      } finally {
        delete process.env.REGISTRY_WEB_CHUNK_SURVEY;
      }
      const chunks = [survey]
        .flat()
        .flatMap((result) => ("output" in result ? result.output : []))
        .filter((output): output is OutputChunk => output.type === "chunk");
      const plan = chunkPlan(chunks);
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    debugName: "app chunks",
                    name: (id: string) => plan.get(id) ?? null,
                    // A chunk's imports are in it already, or in React DOM's, which must stay out.
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
      };
    },
  };
}

const CONFIG_FILE = fileURLToPath(import.meta.url);
/** A chunk of at most this many bytes, minified, counts as small (about 1 KB gzipped). */
const SMALL_CHUNK = 3_000;

/** Which module goes to `app` and which to `shared`, from the chunks of the survey. */
function chunkPlan(chunks: OutputChunk[]): Map<string, string> {
  const chunk = chunkByFile(chunks);
  const boot = chunkHolding(chunks, "/src/app/boot.ts");
  const main = chunkHolding(chunks, "/src/app/main.tsx");
  const first = importClosure([boot, ...boot.dynamicImports.map(chunk).filter((c) => c !== main)], chunks);
  const app = [...importClosure([main], chunks)].filter((c) => !first.has(c));

  const taken = new Set([...first, ...app]);
  const shared = new Set(
    chunks.filter((chunk) => !taken.has(chunk) && !chunk.isEntry && !chunk.isDynamicEntry && chunk.code.length <= SMALL_CHUNK),
  );
  // Only what needs nothing else: a small chunk that imports a large one would bring it along.
  const needsNothingElse = (small: OutputChunk) =>
    small.imports.map(chunk).every((needed) => taken.has(needed) || shared.has(needed));
  for (let dropped = true; dropped;) {
    dropped = false;
    for (const small of shared)
      if (!needsNothingElse(small)) {
        shared.delete(small);
        dropped = true;
      }
  }
  const plan = new Map<string, string>();
  for (const [name, group] of [
    ["app", app],
    ["shared", shared],
  ] as const)
    for (const chunk of group) for (const id of chunk.moduleIds) plan.set(id, name);
  return plan;
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
