import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { BASE_URL, launchBrowser, newPage, pathname, signIn, toast, waitForPath } from "./helpers.mjs";

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

/** Signs in as the demo owner and fills steps 1 and 2; returns on step 3 with the new platform ID. */
async function registerUpToPayment(page, name) {
  await signIn(page, OWNER_EMAIL, OWNER_PASSWORD);
  await toast(page, "Welcome back!").waitFor();
  await waitForPath(page, "/dashboard");

  await page.getByRole("link", { name: "Register New Vessel" }).click();
  await waitForPath(page, "/register-vessel");

  // Step 1: Vessel Information.
  await page.getByRole("heading", { name: "Vessel Information" }).waitFor();
  await page.getByLabel("Vessel Name (optional)", { exact: true }).fill(name);
  const country = page.getByLabel("Country", { exact: true });
  await country.locator('option[value="NL"]').waitFor({ state: "attached" });
  await country.selectOption("NL");
  // Asked once, on the account: the demo owner's verified number is the vessel's.
  await page.getByText(/Your verified mobile number \+31611111111/).waitFor();
  await page.getByLabel("Make", { exact: true }).fill("Bavaria");
  await page.getByLabel("Model", { exact: true }).fill("Cruiser 34");
  await page.getByLabel("Build Year", { exact: true }).fill("2019");
  await page.getByLabel("Length (cm)", { exact: true }).fill("1099");
  assert.equal(await page.getByRole("checkbox", { name: "Make this vessel publicly searchable" }).isChecked(), true);
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

  // Step 3: Complete Registration Payment, for the vessel just registered.
  await page.getByRole("heading", { name: "Complete Registration Payment" }).waitFor();
  const summary = page.getByRole("region", { name: "Registration summary" });
  await summary.getByText("Vessel Registration", { exact: true }).waitFor();
  await summary.getByText("One-time fee, Lifetime validity", { exact: true }).waitFor();
  await summary.getByText("€24.95", { exact: true }).waitFor();
  const platformId = (await summary.getByText(PLATFORM_ID).textContent()).trim();
  assert.match(platformId, PLATFORM_ID);
  return platformId;
}

async function payWith(page, cardNumber) {
  await page.getByLabel("Card number", { exact: true }).fill(cardNumber);
  await page.getByLabel("Expiry date", { exact: true }).fill("12 / 34");
  await page.getByLabel("CVC", { exact: true }).fill("123");
  await page.getByRole("button", { name: "Pay €24.95" }).click();
}

/** The public vessel page, as a visitor without a session sees it. */
async function publicStatus(platformId) {
  const response = await fetch(`${BASE_URL}/api/vessels/${platformId}`);
  return response.status === 200 ? (await response.json()).vessel.status : response.status;
}

test("the demo owner registers a vessel and pays with the success card: the vessel is public", async () => {
  const { context, page } = await newPage(browser);
  try {
    const platformId = await registerUpToPayment(page, "Lucky Stripe");
    assert.equal(await publicStatus(platformId), 404, "not public before the fee is paid");
    await payWith(page, "4242 4242 4242 4242");
    await toast(page, "Payment Successful").waitFor();
    await waitForPath(page, `/registry/${platformId}`);
    await page.getByRole("heading", { level: 1, name: "Lucky Stripe" }).waitFor();
    await page.getByRole("heading", { name: "Ownership History" }).waitFor();
    assert.equal(await publicStatus(platformId), "active");
  } finally {
    await context.close();
  }
});

test("a declined card shows 'Payment Failed' and the vessel waits on the dashboard to be paid", async () => {
  const { context, page } = await newPage(browser);
  try {
    const platformId = await registerUpToPayment(page, "Declined Dory");
    await payWith(page, "4000 0000 0000 0002");
    await toast(page, "Payment Failed").waitFor();
    await toast(page, "Your card was declined.").waitFor();
    assert.equal(pathname(page), "/register-vessel");
    assert.equal(await publicStatus(platformId), 404);

    await page.goto("/dashboard");
    const card = page.getByRole("article").filter({ hasText: platformId });
    await card.getByText("Awaiting payment", { exact: true }).waitFor();
    assert.equal(await card.getByRole("button", { name: /Transfer/ }).count(), 0);
    await card.getByRole("link", { name: /Complete payment/ }).click();
    await page.getByRole("heading", { name: "Complete Registration Payment" }).waitFor();
    await page.getByRole("region", { name: "Registration summary" }).getByText(platformId).waitFor();
    await payWith(page, "4242 4242 4242 4242");
    await waitForPath(page, `/registry/${platformId}`);
    assert.equal(await publicStatus(platformId), "active");
  } finally {
    await context.close();
  }
});

test("a card that needs authentication goes through the bank's page and back", async () => {
  const { context, page } = await newPage(browser);
  try {
    const platformId = await registerUpToPayment(page, "Secure Sloop");
    await payWith(page, "4000 0025 0000 3155");
    await page.getByRole("heading", { name: "Confirm your payment" }).waitFor();
    assert.match(pathname(page), /^\/payments\/local\/authenticate\/pi_/);
    assert.equal(await publicStatus(platformId), 404, "not before the bank says yes");
    await page.getByRole("button", { name: "Complete authentication" }).click();
    await toast(page, "Payment Successful").waitFor();
    await waitForPath(page, `/registry/${platformId}`);
    assert.equal(await publicStatus(platformId), "active");
  } finally {
    await context.close();
  }
});
