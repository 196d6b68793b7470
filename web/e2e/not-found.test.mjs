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

test("an unknown path shows 'Page Not Found' with a way home", async () => {
  const { context, page } = await newPage(browser);
  try {
    await page.goto("/anything-else");
    await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
    const home = page.getByRole("main").getByRole("link", { name: "Go to Home" });
    assert.equal(await home.getAttribute("href"), "/");
    await home.click();
    await page.getByRole("heading", { name: "Why Register Your Vessel?" }).waitFor();
  } finally {
    await context.close();
  }
});
