import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { launchBrowser, newPage, signIn, toast, waitForPath } from "./helpers.mjs";

// The demo owner seeded by the server (verified email).
const OWNER_EMAIL = "owner@registry.test";
const OWNER_PASSWORD = "sloop-owner-2025";

// CIN serial characters: letters and digits without I, O and Q.
const SERIAL_ALPHABET = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
const PLATFORM_ID = /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

/** A CIN for a Bavaria built in 2019 (month C, production digit 9, model year 20) with a random serial. */
function uniqueCin() {
  let serial = "";
  for (let i = 0; i < 5; i++) serial += SERIAL_ALPHABET[Math.floor(Math.random() * SERIAL_ALPHABET.length)];
  return `NL-BAV${serial}C920`;
}

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test("the demo owner registers a vessel, which then awaits payment on the dashboard", async () => {
  const { context, page } = await newPage(browser);
  try {
    await signIn(page, OWNER_EMAIL, OWNER_PASSWORD);
    await toast(page, "Welcome back!").waitFor();
    await waitForPath(page, "/dashboard");

    await page.getByRole("link", { name: "Register New Vessel" }).click();
    await waitForPath(page, "/register-vessel");

    // Step 1: Vessel Information.
    await page.getByRole("heading", { name: "Vessel Information" }).waitFor();
    const country = page.getByLabel("Country", { exact: true });
    await country.locator('option[value="NL"]').waitFor({ state: "attached" });
    await country.selectOption("NL");
    await page.getByLabel("Country code", { exact: true }).selectOption("+31");
    await page.getByLabel("Mobile Number", { exact: true }).fill("0612345678");
    await page.getByLabel("Make", { exact: true }).fill("Bavaria");
    await page.getByLabel("Model", { exact: true }).fill("Cruiser 34");
    await page.getByLabel("Build Year", { exact: true }).fill("2019");
    await page.getByLabel("Length (cm)", { exact: true }).fill("1099");
    assert.equal(await page.getByRole("checkbox", { name: "Make this vessel publicly searchable" }).getAttribute("aria-checked"), "true");
    await page.getByRole("button", { name: "Continue to Identifiers" }).click();

    // Step 2: Vessel Identification Numbers; built 2019, so a CIN/HIN.
    await page.getByRole("heading", { name: "Vessel Identification Numbers" }).waitFor();
    assert.equal(await page.getByLabel("Legacy / National ID", { exact: true }).count(), 0);
    await page.getByLabel("CIN / HIN", { exact: true }).fill(uniqueCin());
    // Every identifier of the Netherlands: "I don't know".
    const national = page.getByRole("region", { name: /^Identifiers for/ });
    await national.waitFor();
    const unknowns = national.getByRole("checkbox", { name: /I don't know/ });
    const count = await unknowns.count();
    assert.ok(count > 0, "the Netherlands has identifiers of its own");
    for (let i = 0; i < count; i++) await unknowns.nth(i).click();
    await page.getByRole("button", { name: "Continue to Payment" }).click();

    // Registered: a platform ID, waiting for the registration fee.
    await page.getByRole("heading", { name: "Registration Successful" }).waitFor();
    const idElement = page.getByRole("main").getByText(PLATFORM_ID);
    await idElement.waitFor();
    const platformId = (await idElement.textContent()).trim();
    assert.match(platformId, PLATFORM_ID);
    await page.getByText("Awaiting payment", { exact: true }).waitFor();
    assert.equal(
      await page.getByRole("link", { name: "View Vessel" }).getAttribute("href"),
      `/registry/${platformId}`,
    );

    // The dashboard lists it as awaiting payment.
    await page.getByRole("link", { name: "Go to Dashboard" }).click();
    await waitForPath(page, "/dashboard");
    const card = page.getByRole("article").filter({ hasText: platformId });
    await card.getByText("Awaiting payment", { exact: true }).waitFor();
    assert.equal(await card.getByRole("button", { name: /Transfer/ }).count(), 0);
  } finally {
    await context.close();
  }
});
