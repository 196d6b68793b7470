// The first-load budget (issue 13): the landing and registry pages load at most 150 KB of
// JavaScript, gzipped, in total. Measured in the browser, so it counts every script the page
// really fetches (the entry, its preloads and anything imported while the page settles), each
// body gzipped at level 9; a reader in another language (a returning one, with the language kept
// in this browser) is measured too. The pages on demand (the wizard, the console, the card forms,
// the API docs) must not be among them.
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { after, before, test } from "node:test";
import { BASE_URL, launchBrowser, newPage } from "./helpers.mjs";

const BUDGET_BYTES = 150_000;
const MAX_FILES = 6;
const ON_DEMAND = /register-vessel-page|admin-page|payment-form|stripe|dashboard-page|transfer-page|api-docs/;

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function firstLoad(path, heading, language) {
  const { context, page } = await newPage(browser);
  try {
    if (language) {
      await context.addInitScript((code) => globalThis.localStorage.setItem("registry.language", code), language);
    }
    const scripts = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script" && response.url().startsWith(BASE_URL)) {
        scripts.push(response.body().then((body) => ({ url: response.url(), gzipped: gzipSync(body, { level: 9 }).length })));
      }
    });
    await page.goto(path);
    await page.getByRole("heading", { level: 1, name: heading }).waitFor();
    await page.waitForLoadState("networkidle");
    const loaded = await Promise.all(scripts);
    const total = loaded.reduce((sum, s) => sum + s.gzipped, 0);
    return { total, files: loaded.map((s) => new URL(s.url).pathname) };
  } finally {
    await context.close();
  }
}

for (const [path, language, heading] of [
  ["/", undefined, /Europe's Small-Craft/],
  ["/registry", undefined, "Search the Public Registry"],
  ["/", "nl", /kleine vaartuigen/],
  ["/registry", "nl", "Zoek in het openbare register"],
]) {
  test(`${path} loads at most 150 KB of JavaScript, gzipped (${language ?? "en"})`, async () => {
    const { total, files } = await firstLoad(path, heading, language);
    console.log(`# first load of ${path} (${language ?? "en"}): ${total} bytes gzipped in ${files.length} scripts`);
    assert.ok(total <= BUDGET_BYTES, `${total} bytes > ${BUDGET_BYTES}: ${files.join(", ")}`);
    // Each file is a round trip on a slow connection: the entry, React, React DOM, the app, the
    // bundler's runtime and a reader's first catalogue part (vite.config.ts, appChunks).
    assert.ok(files.length <= MAX_FILES, `${files.length} scripts > ${MAX_FILES}: ${files.join(", ")}`);
    const early = files.filter((f) => ON_DEMAND.test(f));
    assert.deepEqual(early, [], "code of pages on demand is in the first load");
  });
}
