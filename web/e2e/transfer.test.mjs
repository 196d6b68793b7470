import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  BASE_URL,
  launchBrowser,
  newPage,
  pathname,
  randomMobile,
  registerPaidVessel,
  signIn,
  smsCode,
  toast,
  PHONE_CODE,
  signUpAndIn,
  typeCode,
  uniqueEmail,
  waitForPath,
} from "./helpers.mjs";

// The quay scene (issue 9): the seller starts a transfer with the buyer's mobile number, the buyer
// reads out the code their phone received (here: the dev mailbox's SMS), the seller types it in
// and pays the fee, and the boat has changed hands.

// The demo owner seeded by the server (verified email) sells.
const SELLER_EMAIL = "owner@registry.test";
const SELLER_PASSWORD = "sloop-owner-2025";
const BUYER_PASSWORD = "harbour-lights-42";

const TRANSFER_CODE = /code to receive .* is (\d{6})/;

/** "+31612345678" -> "0612345678": the number as a Dutch seller would type it. */
function national(phone) {
  return `0${phone.slice(3)}`;
}

/** A code that is not `code`: its last digit changed. */
function wrongCode(code) {
  return code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
}

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The public view of a vessel, as a visitor without a session sees it. */
async function publicVessel(platformId) {
  const response = await fetch(`${BASE_URL}/api/vessels/${platformId}`);
  return response.status === 200 ? (await response.json()).vessel : null;
}

/** A vessel card on the dashboard. */
function vesselCard(page, name) {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

/** On the profile page: send a code to the account's number, read it from the SMS and verify it. */
async function verifyMobileOnProfile(page, phone, { claims } = {}) {
  await page.goto("/profile");
  const mobile = page.getByRole("region", { name: "Mobile Number" });
  await mobile.getByText(phone, { exact: true }).waitFor();
  await mobile.getByText("Not verified", { exact: true }).waitFor();
  await mobile.getByRole("button", { name: "Send code" }).click();
  await mobile.getByRole("group", { name: "SMS code" }).waitFor();
  const code = await smsCode(page.request, phone, PHONE_CODE);
  await typeCode(page, code);
  await mobile.getByRole("button", { name: "Verify", exact: true }).click();
  if (claims) {
    await toast(page, `${claims} is now yours`).waitFor();
    return;
  }
  await toast(page, "Mobile Verified").waitFor();
  await mobile.getByText("Verified", { exact: true }).waitFor();
}

/**
 * The seller's side of the scene, from the dashboard's Transfer button to 'Transfer Complete' on
 * /dashboard: the buyer's number typed as a Dutch national number, a wrong code first, then the
 * code from the SMS, and the fee paid by card.
 */
async function sellerTransfers(page, vessel, name, buyerPhone) {
  await sellerVerifies(page, vessel, name, buyerPhone);

  // Step 3: Payment.
  await page.getByRole("heading", { name: "Transfer Fee Payment" }).waitFor();
  await page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date", { exact: true }).fill("12 / 34");
  await page.getByLabel("CVC", { exact: true }).fill("123");
  await page.getByRole("button", { name: "Pay €9.95" }).click();
  await toast(page, "Transfer Complete").waitFor();
  await waitForPath(page, "/dashboard");
}

/** The seller's steps 1 and 2: the buyer's number, then the code the buyer reads out. */
async function sellerVerifies(page, vessel, name, buyerPhone) {
  await page.goto("/dashboard");
  await vesselCard(page, name)
    .getByRole("button", { name: /Transfer/ })
    .click();
  await waitForPath(page, `/transfer/${vessel.id}`);

  // Step 1: New Owner.
  await page.getByRole("heading", { name: "New Owner", level: 2 }).waitFor();
  await page.getByRole("region", { name }).getByText(vessel.platformId).waitFor();
  const prefix = page.getByLabel("Country code", { exact: true });
  await prefix.locator('option[value="+385"]').waitFor({ state: "attached" });
  assert.equal(await prefix.locator("option").count(), 12, "a placeholder and all eleven prefixes");
  await prefix.selectOption("+31");
  await page.getByLabel("New owner's mobile number", { exact: true }).fill(national(buyerPhone));
  await page.getByText("Transfer Fee: €9.95", { exact: true }).waitFor();
  await page.getByRole("checkbox", { name: /I confirm that I am transferring ownership/ }).click();
  await page.getByRole("button", { name: "Send Verification SMS" }).click();
  await toast(page, "Transfer Initiated").waitFor();

  // Step 2: SMS Verify. The buyer reads the code out; the seller mistypes it once.
  await page.getByRole("heading", { name: "SMS Verification" }).waitFor();
  await page.getByRole("button", { name: /Resend code in \d+ s/ }).waitFor();
  const code = await smsCode(page.request, buyerPhone, TRANSFER_CODE);
  await typeCode(page, wrongCode(code));
  await page.getByRole("button", { name: "Verify & Continue" }).click();
  await toast(page, "Verification Failed").waitFor();
  await typeCode(page, code);
  await page.getByRole("button", { name: "Verify & Continue" }).click();
  await page.getByRole("heading", { name: "Transfer Fee Payment" }).waitFor();
}

test("journey A: the buyer has an account with a verified mobile; the vessel moves from the seller's dashboard to the buyer's", async () => {
  const seller = await newPage(browser);
  const buyer = await newPage(browser);
  try {
    const name = `Quay Sloop ${Math.random().toString(36).slice(2, 7)}`;
    const buyerPhone = randomMobile();

    // The buyer signs up with their number and verifies it on the profile page.
    await signUpAndIn(buyer.page, uniqueEmail("buyer"), BUYER_PASSWORD, buyerPhone);
    await verifyMobileOnProfile(buyer.page, buyerPhone);

    // The seller signs in with an active vessel.
    await signIn(seller.page, SELLER_EMAIL, SELLER_PASSWORD);
    await toast(seller.page, "Welcome back!").waitFor();
    const vessel = await registerPaidVessel(seller.page, name);
    assert.equal((await publicVessel(vessel.platformId))?.status, "active");

    await sellerTransfers(seller.page, vessel, name, buyerPhone);

    // Gone from the seller's dashboard; their transfer links to its release receipt.
    await seller.page.getByRole("heading", { name: "Your Vessels" }).waitFor();
    // The dashboard may show its cached list for a moment while it reloads: wait for the card to go.
    await vesselCard(seller.page, name).waitFor({ state: "detached" });
    assert.equal(await vesselCard(seller.page, name).count(), 0, "no longer the seller's");
    const transfers = seller.page.getByRole("region", { name: "Transfers" });
    const sold = transfers.getByRole("listitem").filter({ hasText: vessel.platformId });
    await sold.getByText("Completed: the vessel belongs to its new owner").waitFor();
    await sold.getByRole("link", { name: /Release receipt/ }).click();
    await seller.page.getByRole("heading", { name: "Release Receipt", level: 1 }).waitFor();
    await seller.page.getByText(vessel.platformId, { exact: true }).waitFor();
    const receipt = await seller.page.locator("main").textContent();
    assert.ok(!receipt.includes("\u2022") && !receipt.includes(buyerPhone), "nothing on the receipt identifies the buyer");

    // On the buyer's dashboard.
    await buyer.page.goto("/dashboard");
    await vesselCard(buyer.page, name).waitFor();
    assert.equal((await publicVessel(vessel.platformId))?.status, "active");
  } finally {
    await seller.context.close();
    await buyer.context.close();
  }
});

test("journey B: the buyer has no account yet; the seller pays, the buyer signs up with that number, verifies it and finds the vessel", async () => {
  const seller = await newPage(browser);
  const buyer = await newPage(browser);
  try {
    const name = `Claimed Ketch ${Math.random().toString(36).slice(2, 7)}`;
    const buyerPhone = randomMobile();

    await signIn(seller.page, SELLER_EMAIL, SELLER_PASSWORD);
    await toast(seller.page, "Welcome back!").waitFor();
    const vessel = await registerPaidVessel(seller.page, name);
    await sellerTransfers(seller.page, vessel, name, buyerPhone);

    // Released by the seller, claimed by nobody yet: on nobody's dashboard, and shown publicly
    // as being transferred.
    assert.equal(await vesselCard(seller.page, name).count(), 0, "no longer the seller's");
    await seller.page
      .getByRole("region", { name: "Transfers" })
      .getByRole("listitem")
      .filter({ hasText: vessel.platformId })
      .getByText("Paid: waiting for the new owner to claim the vessel with their mobile number")
      .waitFor();
    assert.equal((await publicVessel(vessel.platformId))?.status, "in_transfer");
    await buyer.page.goto(`/registry/${vessel.platformId}`);
    await buyer.page.getByText("Ownership being transferred").first().waitFor();

    // The buyer signs up with that number, verifies it, and the vessel is theirs.
    await signUpAndIn(buyer.page, uniqueEmail("claimer"), BUYER_PASSWORD, buyerPhone);
    assert.equal(await vesselCard(buyer.page, name).count(), 0, "not before the number is verified");
    // The dashboard says where a vessel bought from someone waits.
    await buyer.page
      .getByRole("note")
      .filter({ hasText: `One transferred to ${buyerPhone} waits until you verify that number.` })
      .getByRole("link", { name: "Verify on your profile" })
      .click();
    await waitForPath(buyer.page, "/profile");
    // Verifying the number claims the vessel: the page says so and opens it.
    await verifyMobileOnProfile(buyer.page, buyerPhone, { claims: name });
    await waitForPath(buyer.page, `/registry/${vessel.platformId}`);
    await buyer.page.goto("/dashboard");
    await vesselCard(buyer.page, name).waitFor();
    assert.equal(pathname(buyer.page), "/dashboard");
    assert.equal((await publicVessel(vessel.platformId))?.status, "active");
  } finally {
    await seller.context.close();
    await buyer.context.close();
  }
});

test("journey C: the buyer declines on their dashboard; the vessel stays the seller's and the seller is emailed", async () => {
  const seller = await newPage(browser);
  const buyer = await newPage(browser);
  try {
    const name = `Declined Yawl ${Math.random().toString(36).slice(2, 7)}`;
    const buyerPhone = randomMobile();
    await signUpAndIn(buyer.page, uniqueEmail("decliner"), BUYER_PASSWORD, buyerPhone);
    await verifyMobileOnProfile(buyer.page, buyerPhone);
    await signIn(seller.page, SELLER_EMAIL, SELLER_PASSWORD);
    await toast(seller.page, "Welcome back!").waitFor();
    const vessel = await registerPaidVessel(seller.page, name);
    await sellerVerifies(seller.page, vessel, name, buyerPhone);
    assert.equal((await publicVessel(vessel.platformId))?.status, "in_transfer");

    await buyer.page.goto("/dashboard");
    const incoming = buyer.page
      .getByRole("region", { name: "Transfers" })
      .getByRole("listitem")
      .filter({ hasText: vessel.platformId });
    await incoming.getByRole("button", { name: "Decline" }).click();
    const dialog = buyer.page.getByRole("alertdialog", { name: "Decline this transfer?" });
    await dialog.getByRole("button", { name: "Decline" }).click();
    await toast(buyer.page, "Transfer Declined").waitFor();
    await incoming.waitFor({ state: "detached" });

    assert.equal((await publicVessel(vessel.platformId))?.status, "active");
    const mailbox = await (await fetch(`${BASE_URL}/api/dev/mailbox`)).json();
    const told = mailbox.find(
      (m) => m.to === SELLER_EMAIL && m.subject === "Transfer declined" && m.body.includes(vessel.platformId),
    );
    assert.ok(told, "the seller is emailed that the buyer declined");
    await seller.page.goto("/dashboard");
    await vesselCard(seller.page, name)
      .getByRole("button", { name: /Transfer/ })
      .waitFor();
  } finally {
    await seller.context.close();
    await buyer.context.close();
  }
});
