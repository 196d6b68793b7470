import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { BASE_URL, launchBrowser, newPage, signIn, takenOver, toast, waitForPath } from "./helpers.mjs";

// The server sends the first pages as HTML written at build time in the reader's language
// (src/app/prerender.tsx, server/src/http/prerendered.rs); the app takes that HTML over.

const PAGES = ["/", "/registry", "/login", "/signup", "/forgot-password", "/how-transfers-work", "/legal/privacy"];
const LANDING_H1 = {
  en: "Europe's Small-Craft Ownership & Identification Registry",
  nl: "Het Europese register voor eigendom en identificatie van kleine vaartuigen",
};

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Console errors and warnings, and uncaught errors, of a page. */
function problems(page) {
  const seen = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") seen.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => seen.push(`pageerror: ${e.message}`));
  return seen;
}

/** The first named vessel the public search lists. */
async function firstVessel(context) {
  const found = await (await context.request.get("/api/vessels/search?pageSize=20")).json();
  const vessel = found.data.find((v) => v.name);
  assert.ok(vessel, "the seeded registry lists no named vessel among its first 20");
  return vessel;
}

/** A context whose reader chose `language` (local storage and the cookie, as the menu sets them). */
async function readerOf(language, { cookie = true } = {}) {
  const { context, page } = await newPage(browser);
  if (cookie) await context.addCookies([{ name: "registry_language", value: language, url: BASE_URL }]);
  await context.addInitScript((l) => globalThis.localStorage.setItem("registry.language", l), language);
  return { context, page };
}

test("without JavaScript the first pages still show, in the language of the reader's cookie", async () => {
  for (const [language, h1] of Object.entries(LANDING_H1)) {
    const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
    try {
      await context.addCookies([{ name: "registry_language", value: language, url: BASE_URL }]);
      const page = await context.newPage();
      await page.goto("/");
      assert.equal(await page.locator("h1").textContent(), h1);
      assert.equal(await page.locator("html").getAttribute("lang"), language);
      await page.goto("/login");
      assert.equal(await page.locator("h1").textContent(), language === "en" ? "Sign In" : "Inloggen");
      // A public vessel's page: its name, written in by the server.
      const vessel = await firstVessel(context);
      await page.goto(`/registry/${vessel.platformId}`);
      assert.equal(await page.locator("h1").textContent(), vessel.name);
      assert.equal(await page.locator("nav li[aria-current=page]").textContent(), vessel.platformId);
      // Until the app has taken it over, the page cannot be used: no form is sent by the browser.
      assert.equal(await page.locator("#root").getAttribute("inert"), "");
    } finally {
      await context.close();
    }
  }
});

test("the app takes the HTML over without drawing it again, and no page logs a problem", async () => {
  for (const language of ["en", "nl"]) {
    const { context, page } = await readerOf(language);
    try {
      const logged = problems(page);
      // The heading the server sent, kept aside before the app runs, and whether it is still in the
      // page when the app has taken the page over (the root stops being inert): hydrated, not drawn
      // anew. A vessel's page draws its heading anew once its data have come, afterwards.
      await context.addInitScript(() => {
        globalThis.document.addEventListener("DOMContentLoaded", () => {
          const root = globalThis.document.getElementById("root");
          const sent = globalThis.document.querySelector("h1");
          globalThis.sentHeading = sent;
          globalThis.keptAtTakeOver = undefined;
          new globalThis.MutationObserver((_, observer) => {
            if (root.hasAttribute("inert")) return;
            observer.disconnect();
            globalThis.keptAtTakeOver = sent === null || (sent.isConnected && root.contains(sent));
          }).observe(root, { attributes: true, attributeFilter: ["inert"] });
        });
      });
      await page.goto("/");
      await takenOver(page);
      assert.equal(await page.locator("h1").textContent(), LANDING_H1[language]);
      assert.equal(await page.evaluate(() => globalThis.sentHeading === globalThis.document.querySelector("h1")), true);
      // And it works: the language menu opens.
      await page
        .getByRole("banner")
        .getByRole("button", { name: language === "en" ? /Language/ : /Taal/ })
        .click();
      await page.getByRole("menuitemradio", { name: /Deutsch/ }).waitFor();

      // Each page, those whose code comes on demand too, is taken over as the server sent it. A
      // vessel page is sent in its loading state with the vessel's name as its heading: its files
      // are listed as preloads, and none of them may go unused (Chrome warns about those).
      const vessel = await firstVessel(context);
      for (const path of [...PAGES.slice(1), `/registry/${vessel.platformId}`]) {
        await page.goto(path);
        await takenOver(page);
        await page.getByRole("heading", { level: 1 }).waitFor();
        const sent = await page.evaluate(() => globalThis.sentHeading?.textContent ?? null);
        assert.notEqual(sent, null, `${language} ${path}: the server sent no heading`);
        assert.equal(await page.evaluate(() => globalThis.keptAtTakeOver), true, `${language} ${path}: drawn anew`);
      }
      assert.equal(await page.locator("h1").textContent(), vessel.name);
      await page.waitForTimeout(3_500);
      assert.deepEqual(logged, [], `${language}: ${logged.join("\n")}`);
    } finally {
      await context.close();
    }
  }
});

test("a reader whose choice the server does not know yet gets the page in their language at once", async () => {
  // Dutch in local storage but no cookie (chosen before the cookie existed): the server sends
  // English, the app draws the page in Dutch instead, and from then on the cookie is there.
  const { context, page } = await readerOf("nl", { cookie: false });
  try {
    const logged = problems(page);
    await page.goto("/");
    await takenOver(page);
    await page.getByRole("heading", { level: 1, name: LANDING_H1.nl }).waitFor();
    assert.deepEqual(logged, []);
    const cookies = await context.cookies(BASE_URL);
    assert.equal(cookies.find((c) => c.name === "registry_language")?.value, "nl");
    const html = await (await context.request.get("/")).text();
    assert.match(html, /<html lang="nl">/);
  } finally {
    await context.close();
  }
});

test("a signed-in reader opens every first page, /login among them, and no page logs a problem", async () => {
  // The server sends these pages as a guest sees them; a signed-in reader's first render must still
  // match (React error #418 otherwise), and /login then sends them on to the dashboard.
  const { page } = await newPage(browser);
  try {
    await signIn(page, "owner@registry.test", "sloop-owner-2025");
    await toast(page, "Welcome back!").waitFor();
    const logged = problems(page);
    for (const path of PAGES) {
      await page.goto(path);
      if (path === "/login") {
        await waitForPath(page, "/dashboard");
        continue;
      }
      await takenOver(page);
      await page.getByRole("heading", { level: 1 }).waitFor();
    }
    await page.waitForTimeout(2_000);
    assert.deepEqual(logged, [], logged.join("\n"));
  } finally {
    await page.context().close();
  }
});
