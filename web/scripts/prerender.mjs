// Writes the first pages' HTML in each language into dist/prerendered/<lang>/<path>.html, from
// the app built for the server (`vite build --ssr src/app/prerender.tsx --outDir dist-ssr`) and
// dist/index.html. The server sends them (server/src/http/prerendered.rs); the app hydrates them.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const { render, LANGUAGES, PRERENDERED_PATHS } = await import(pathToFileURL(join(web, "dist-ssr/prerender.js")).href);
const template = readFileSync(join(web, "dist/index.html"), "utf8");
const ROOT = '<div id="root"></div>';
if (!template.includes(ROOT) || !template.includes('<html lang="en">')) {
  throw new Error('dist/index.html lacks <html lang="en"> or the empty root the prerendered pages go in');
}

const out = join(web, "dist/prerendered");
rmSync(out, { recursive: true, force: true });
let pages = 0;
for (const { code } of LANGUAGES) {
  for (const path of PRERENDERED_PATHS) {
    const html = await render(path, code);
    const page = template
      .replace('<html lang="en">', `<html lang="${code}">`)
      // Inert until the app has taken the page over (TakenOver in src/app/router.tsx).
      .replace(ROOT, `<div id="root" inert>${html}</div>`);
    const file = join(out, code, `${path === "/" ? "index" : path.slice(1)}.html`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, page);
    pages += 1;
  }
}
console.log(`prerendered ${pages} pages into dist/prerendered`);
