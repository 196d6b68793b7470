import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { launchBrowser, newPage, pathname, waitForPath } from "./helpers.mjs";

// Runs against a server seeded with `registry seed --vessels 200`.

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const PLATFORM_ID = /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

/** The same ID with its first character replaced by another one: a typo the check catches. */
function mistype(platformId) {
  const first = platformId[0];
  const other = ALPHABET[(ALPHABET.indexOf(first) + 7) % ALPHABET.length];
  return other + platformId.slice(1);
}

/** Submits a search and waits until the address carries it (the results render with it). */
async function search(page, text) {
  const box = page.getByRole("searchbox", { name: "Search the registry" });
  await box.fill(text);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  // The form trims what it sends: a fragment such as "ady " ("Lady Grey") is searched as "ady".
  await page.waitForURL((url) => (url.searchParams.get("query") ?? "") === text.trim() && url.searchParams.get("page") === "1");
}

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test("search the public registry, page through it, open a vessel and find it again by its ID", async () => {
  const { context, page } = await newPage(browser);
  try {
    await page.goto("/registry");
    await page.getByRole("heading", { name: "Search the Public Registry" }).waitFor();
    const results = page.getByRole("main").getByRole("article");

    // A vessel of the newest ten, found again by a fragment of its name.
    await search(page, "");
    await page.getByText(/^Showing 1-10 of \d+ results$/).waitFor();
    const names = await results.getByRole("heading").allTextContents();
    const name = names.find((n) => n !== "Unnamed vessel" && n.length >= 5);
    assert.ok(name, `a named vessel among ${names.join(", ")}`);
    const fragment = name.slice(1, 5).toLowerCase().trim();
    await search(page, fragment);
    // The address changes before the new results render: wait for a card of this search.
    await results
      .filter({ hasText: new RegExp(fragment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i") })
      .first()
      .waitFor();
    await page.getByText(/^Showing 1-\d+ of \d+ results$/).waitFor();
    const found = await results.allTextContents();
    assert.ok(found.length > 0);
    for (const text of found) assert.ok(text.toLowerCase().includes(fragment), `'${fragment}' in ${text}`);
    const card = results.filter({ has: page.getByRole("heading", { name, exact: true }) }).first();
    const cardId = (await card.textContent()).match(/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/)[0];
    await card.getByRole("link", { name: /View Details/ }).click();
    await page.getByRole("heading", { name: "Ownership History" }).waitFor();
    assert.equal(decodeURIComponent(pathname(page).split("/")[2]), cardId);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await page.goBack();
    await page.getByText(/^Showing 1-\d+ of \d+ results$/).waitFor();
    assert.equal(new URL(page.url()).searchParams.get("query"), fragment);

    // Page through the whole registry.
    await search(page, "");
    await page.getByText(/^Showing 1-10 of \d+ results$/).waitFor();
    assert.equal(await page.getByRole("button", { name: "Previous" }).isDisabled(), true);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText(/^Showing 11-20 of \d+ results$/).waitFor();
    assert.equal(new URL(page.url()).searchParams.get("page"), "2");
    await page.goBack();
    await page.getByText(/^Showing 1-10 of \d+ results$/).waitFor();

    // Open a vessel.
    await results
      .first()
      .getByRole("link", { name: /View Details/ })
      .click();
    await page.getByRole("heading", { name: "Ownership History" }).waitFor();
    const platformId = decodeURIComponent(pathname(page).split("/")[2]);
    assert.match(platformId, PLATFORM_ID);

    // Its ID, lower case and without hyphens, finds exactly that vessel.
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Registry" }).click();
    await waitForPath(page, "/registry");
    await search(page, platformId.replaceAll("-", "").toLowerCase());
    await page.getByText("Showing 1-1 of 1 results", { exact: true }).waitFor();
    assert.equal(await results.count(), 1);
    assert.match(await results.first().textContent(), new RegExp(platformId));

    // One mistyped character: not found, with the typo hint.
    await page.goto(`/registry/${mistype(platformId)}`);
    await page.getByRole("heading", { name: "Vessel Not Found" }).waitFor();
    await page.getByText("This ID has a typo: check the characters and try again.").waitFor();
    await page.getByRole("main").getByRole("link", { name: "Back to Registry" }).click();

    // The search says the same of it, and offers the ID it most likely was.
    await waitForPath(page, "/registry");
    await search(page, mistype(platformId));
    await page.getByText("This ID has a typo: check the characters and try again.").waitFor();
    const likely = page.getByRole("main").getByRole("link", { name: platformId, exact: true });
    await likely.click();
    await waitForPath(page, `/registry/${platformId}`);
    await page.getByRole("heading", { name: "Ownership History" }).waitFor();
  } finally {
    await context.close();
  }
});

test("the search's filters: every country the registry lists, and build years the wrong way round said so", async () => {
  const { context, page } = await newPage(browser);
  try {
    await page.goto("/registry");
    await page.getByRole("button", { name: "Advanced Filters" }).click();
    const country = page.getByLabel("Country", { exact: true });
    // All countries, and the eleven the server's configuration lists (GET /api/config/countries).
    const configured = await (await page.request.get("/api/config/countries")).json();
    assert.equal(configured.length, 11);
    await country.locator('option[value="HR"]').waitFor({ state: "attached" });
    const offered = await country.locator("option").evaluateAll((options) => options.map((o) => o.value));
    assert.deepEqual(offered, ["", ...configured.map((c) => c.code)]);

    await page.getByLabel("Year from", { exact: true }).fill("2020");
    await page.getByLabel("Year to", { exact: true }).fill("2010");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByText("'Year to' cannot be earlier than 'Year from'.").waitFor();
    const yearTo = page.getByLabel("Year to", { exact: true });
    assert.equal(await yearTo.getAttribute("aria-invalid"), "true");
    assert.equal(await yearTo.evaluate((input) => input === input.ownerDocument.activeElement), true);
    assert.equal(new URL(page.url()).searchParams.get("buildYearFrom"), null);
  } finally {
    await context.close();
  }
});
