import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { after, before, test } from "node:test";
import { launchBrowser, newPage } from "./helpers.mjs";

// Issue 13: axe-core finds nothing on any route, signed out and signed in, in English and in
// Dutch. axe is evaluated in the page through the browser's debugging protocol, which the
// server's Content-Security-Policy does not apply to.
const axeSource = createRequire(import.meta.url)("axe-core").source;
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** axe's violations on the page at `path` once its main heading is shown, as readable lines. */
async function violations(page, path, language) {
  await page.goto(path);
  await page.locator("main h1").first().waitFor();
  assert.equal(await page.evaluate(() => globalThis.document.documentElement.lang), language, path);
  await page.waitForLoadState("networkidle");
  await page.evaluate(axeSource);
  const found = await page.evaluate(async (tags) => {
    const result = await globalThis.axe.run(globalThis.document, { runOnly: { type: "tag", values: tags } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }, TAGS);
  return found.map((line) => `${path}: ${line}`);
}

const OWNER = { email: "owner@registry.test", password: "sloop-owner-2025" };
const ADMIN = { email: "admin@registry.test", password: "harbour-master-2025" };

/**
 * Runs `check` signed in as a demo account (through the API: the form's labels are the
 * language's) whose language is `language`, since a signed-in reader's language is the
 * account's. The account gets English back afterwards, whatever happened: the other
 * browser tests sign in to the same demo accounts and read English.
 */
async function asAccount(page, account, language, check) {
  assert.equal((await page.request.post("/api/auth/login", { data: account })).status(), 200);
  try {
    assert.equal((await page.request.put("/api/profile/language", { data: { language } })).status(), 200);
    await check();
  } finally {
    await page.request.put("/api/profile/language", { data: { language: "en" } });
    await page.request.post("/api/auth/logout");
  }
}

async function firstVesselPath(page) {
  await page.goto("/registry");
  const link = page.locator("main a[href^='/registry/']").first();
  await link.waitFor();
  return new URL(await link.evaluate((a) => a.href)).pathname;
}

const GUEST_PATHS = [
  "/",
  "/registry",
  "/how-transfers-work",
  "/check",
  // A hull check's result: a CIN no vessel has, decoded.
  "/check?cin=NL-BAV2K4L7C920",
  "/login",
  "/signup",
  "/forgot-password",
  "/legal/privacy",
  "/legal/terms",
  "/legal/dpia",
  "/no/such/page",
];
const SIGNED_IN_PATHS = ["/dashboard", "/profile", "/register-vessel"];

for (const language of ["en", "nl"]) {
  test(`every route has no axe violations, signed out and signed in (${language})`, async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.addInitScript((lng) => globalThis.localStorage.setItem("registry.language", lng), language);
      const found = [];
      const vessel = await firstVesselPath(page);
      for (const path of [...GUEST_PATHS, vessel]) found.push(...(await violations(page, path, language)));
      await asAccount(page, OWNER, language, async () => {
        for (const path of [...SIGNED_IN_PATHS, vessel]) found.push(...(await violations(page, path, language)));
      });
      await asAccount(page, ADMIN, language, async () => {
        found.push(...(await violations(page, "/admin", language)));
      });
      assert.deepEqual(found, []);
    } finally {
      await context.close();
    }
  });
}
