// Writes the first pages' HTML in each language into dist/prerendered/<lang>/<path>.html (or its `file`), from
// the app built for the server (`vite build --ssr src/app/prerender.tsx --outDir dist-ssr`) and
// dist/index.html. The server sends them (server/src/http/prerendered.rs); the app hydrates them.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const { render, LANGUAGES, PRERENDERED_PAGES } = await import(pathToFileURL(join(web, "dist-ssr/prerender.js")).href);
const template = readFileSync(join(web, "dist/index.html"), "utf8");
const ROOT = '<div id="root"></div>';
if (!template.includes(ROOT) || !template.includes('<html lang="en">')) {
  throw new Error('dist/index.html lacks <html lang="en"> or the empty root the prerendered pages go in');
}

// Which files each source module's chunk needs (vite.config.ts writes the manifest; nobody else reads it).
const manifestFile = join(web, "dist/.vite/manifest.json");
const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
rmSync(join(web, "dist/.vite"), { recursive: true, force: true });

/**
 * Module preloads for a page fetched on demand: its chunks and what they import, and the rest of
 * the reader's catalogue with the server's texts, which such a page waits for (src/lib/lazy-page.ts).
 * Low priority, as the app's own (vite.config.ts): after the stylesheet the first paint waits for.
 */
function preloads(code, language) {
  if (!code) return "";
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    (chunk.imports ?? []).forEach(visit);
  };
  const sources = code.map((source) => source.replace("{lang}", language));
  [...sources, `virtual:catalogue/${language}/rest`, `../server/messages/${language}.json`].forEach(visit);
  return [...files]
    .filter((file) => !template.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`)
    .join("\n    ");
}

// Every page asks who is signed in (src/lib/auth/get-current-user.ts) before it shows what depends
// on it: asked with the page, the answer is there when the app starts. With cookies, as the app asks.
const SESSION = '<link rel="preload" href="/api/auth/session" as="fetch" crossorigin="use-credentials">';

const out = join(web, "dist/prerendered");
rmSync(out, { recursive: true, force: true });
let pages = 0;
for (const { code: language } of LANGUAGES) {
  for (const entry of PRERENDERED_PAGES) {
    const { file: name = entry.path, code } = entry;
    const html = await render(entry, language);
    const page = template
      .replace('<html lang="en">', `<html lang="${language}">`)
      .replace("</head>", `  ${SESSION}\n    ${preloads(code, language)}\n  </head>`)
      // Inert until the app has taken the page over (TakenOver in src/app/router.tsx); the language it
      // is written in, for the app to compare with the reader's (src/app/main.tsx).
      .replace(ROOT, `<div id="root" inert data-lang="${language}">${html}</div>`);
    const file = join(out, language, `${name === "/" ? "index" : name.slice(1)}.html`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, page);
    pages += 1;
  }
}
console.log(`prerendered ${pages} pages into dist/prerendered`);
