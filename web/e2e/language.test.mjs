import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { launchBrowser, newPage } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test("the language menu switches the interface to German, then Dutch, and remembers it", async () => {
  const { context, page } = await newPage(browser);
  try {
    await page.goto("/");
    const header = page.getByRole("banner");
    await header.getByRole("link", { name: "How it Works" }).waitFor();
    assert.equal(await page.locator("html").getAttribute("lang"), "en");

    // Each language is listed by its own name and can be chosen; bundles load on demand.
    await header.getByRole("button", { name: /Language/ }).click();
    await page.getByRole("menuitemradio", { name: /Deutsch/ }).click();
    await header.getByRole("link", { name: "So funktioniert es" }).waitFor();
    assert.equal(await page.locator("html").getAttribute("lang"), "de");

    await header.getByRole("button", { name: /Sprache/ }).click();
    await page.getByRole("menuitemradio", { name: /Nederlands/ }).click();
    await header.getByRole("link", { name: "Hoe het werkt" }).waitFor();
    await header.getByRole("link", { name: "Prijzen" }).waitFor();
    assert.equal(await page.locator("html").getAttribute("lang"), "nl");

    // The choice survives a reload.
    await page.reload();
    await header.getByRole("link", { name: "Hoe het werkt" }).waitFor();
    assert.equal(await page.locator("html").getAttribute("lang"), "nl");
  } finally {
    await context.close();
  }
});
