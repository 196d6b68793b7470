import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  launchBrowser,
  newPage,
  randomMobile,
  registerPaidVessel,
  signIn,
  signUpAndIn,
  smsCode,
  toast,
  typeCode,
  uniqueEmail,
  waitForPath,
  PHONE_CODE,
} from "./helpers.mjs";

// Proof of ownership a buyer can rely on (issue 28): a certificate checked line by line with the
// owner's printed name and the signature its QR code carries, and a sale the buyer pays from the
// dashboard while the seller's wizard waits at its payment step.

const OWNER_EMAIL = "owner@registry.test";
const OWNER_PASSWORD = "sloop-owner-2025";
/** The demo owner's name, as the seed gives it (typed, not verified). */
const OWNER_NAME = "Marit Jansen";
const TRANSFER_CODE = /code to receive .* is (\d{6})/;

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** base64 -> base64url without padding, as the QR code carries a signature. */
function base64url(text) {
  return text.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

test("a certificate is checked line by line: a forged owner's name and a QR code signed for other data are told apart", async () => {
  const { context, page } = await newPage(browser);
  try {
    await signIn(page, OWNER_EMAIL, OWNER_PASSWORD);
    await toast(page, "Welcome back!").waitFor();
    const vessel = await registerPaidVessel(page, `Proof Yawl ${Math.random().toString(36).slice(2, 7)}`);
    const pdf = await page.request.get(`/api/vessels/${vessel.platformId}/certificate.pdf`);
    assert.equal(pdf.status(), 200);
    const serial = pdf.headers()["x-certificate-serial"];
    const check = await (await page.request.get(`/api/certificates/${serial}`)).json();

    // The genuine paper's QR code: its signature checks out in the browser, against the key.
    await page.goto(`/verify/${serial.toLowerCase()}#sig=${base64url(check.signature)}`);
    await page.getByText("Certificate valid and current").waitFor();
    await page.getByText(/The signature in the paper's QR code checks out/).waitFor();
    await page.getByText("Compare each line with the paper").waitFor();
    await page.getByText(/not proof of legal title under national law/).waitFor();
    const particulars = await page.locator("main").textContent();
    assert.ok(particulars.includes(vessel.platformId) && particulars.includes(serial), particulars);
    assert.ok(!particulars.includes(OWNER_NAME), "the owner's name is not shown");

    // A forged paper names someone else: the typed name does not match; the printed one does.
    const ownerName = page.getByLabel("Owner's name as printed");
    await ownerName.fill("Piet Forger");
    await page.getByRole("button", { name: "Check the name" }).click();
    await page.getByRole("alert").filter({ hasText: "The name does not match this certificate" }).waitFor();
    await ownerName.fill(OWNER_NAME.toLowerCase());
    await page.getByRole("button", { name: "Check the name" }).click();
    await page.getByText(`The name matches: this certificate was issued to ${OWNER_NAME}.`).waitFor();

    // A forged paper whose QR code carries a signature made for other data.
    const forged = check.signature.startsWith("A") ? `B${check.signature.slice(1)}` : `A${check.signature.slice(1)}`;
    await page.goto(`/verify/${serial}#sig=${base64url(forged)}`);
    await page.getByText(/does not match this certificate's data: the paper may have been altered/).waitFor();
  } finally {
    await context.close();
  }
});

test("the buyer pays from the dashboard while the seller's wizard waits at its payment step; the seller is told", async () => {
  const seller = await newPage(browser);
  const buyer = await newPage(browser);
  try {
    const name = `Dashboard Dory ${Math.random().toString(36).slice(2, 7)}`;
    const buyerPhone = randomMobile();
    await signUpAndIn(buyer.page, uniqueEmail("payer"), "harbour-lights-42", buyerPhone);
    await buyer.page.goto("/profile");
    const mobile = buyer.page.getByRole("region", { name: "Mobile Number" });
    await mobile.getByRole("button", { name: "Send code" }).click();
    await typeCode(buyer.page, await smsCode(buyer.page.request, buyerPhone, PHONE_CODE));
    await mobile.getByRole("button", { name: "Verify", exact: true }).click();
    await toast(buyer.page, "Mobile Verified").waitFor();

    await signIn(seller.page, OWNER_EMAIL, OWNER_PASSWORD);
    await toast(seller.page, "Welcome back!").waitFor();
    const vessel = await registerPaidVessel(seller.page, name);
    await seller.page.goto(`/transfer/${vessel.id}`);
    await seller.page.getByLabel("Country code", { exact: true }).selectOption("+31");
    await seller.page.getByLabel("New owner's mobile number", { exact: true }).fill(`0${buyerPhone.slice(3)}`);
    await seller.page.getByLabel("Sale price in euros (optional)").fill("18.500");
    await seller.page.getByRole("checkbox", { name: /I confirm that I am transferring ownership/ }).click();
    await seller.page.getByRole("button", { name: "Send Verification SMS" }).click();
    await seller.page.getByRole("heading", { name: "SMS Verification" }).waitFor();
    await typeCode(seller.page, await smsCode(seller.page.request, buyerPhone, TRANSFER_CODE));
    await seller.page.getByRole("button", { name: "Verify & Continue" }).click();
    // The seller's payment step is open (its payment made) and left waiting.
    await seller.page.getByRole("heading", { name: "Transfer Fee Payment" }).waitFor();
    await seller.page.getByRole("button", { name: "Pay €9.95" }).waitFor();

    // The buyer pays from the dashboard all the same.
    await buyer.page.goto("/dashboard");
    const incoming = buyer.page.getByRole("region", { name: "Transfers" }).getByRole("listitem").filter({ hasText: name });
    await incoming.getByRole("button", { name: "Pay and accept" }).click();
    const dialog = buyer.page.getByRole("dialog", { name: `Accept ${name}` });
    await dialog.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
    await dialog.getByLabel("Expiry date", { exact: true }).fill("12 / 34");
    await dialog.getByLabel("CVC", { exact: true }).fill("123");
    await dialog.getByRole("button", { name: "Pay €9.95" }).click();
    await toast(buyer.page, "Transfer Complete").waitFor();
    await buyer.page.getByRole("article").filter({ hasText: name }).waitFor();

    // Both get the same signed record of the sale, with the price the seller stated.
    const completed = buyer.page.getByRole("region", { name: "Transfers" }).getByRole("listitem").filter({ hasText: name });
    const [download] = await Promise.all([
      buyer.page.waitForEvent("download"),
      completed.getByRole("button", { name: "Transfer record (PDF)" }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^transfer-record-ESTR-/);

    // The seller's waiting payment can buy nothing now: paying says so.
    await seller.page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
    await seller.page.getByLabel("Expiry date", { exact: true }).fill("12 / 34");
    await seller.page.getByLabel("CVC", { exact: true }).fill("123");
    await seller.page.getByRole("button", { name: "Pay €9.95" }).click();
    await seller.page.getByText("This payment was canceled.").first().waitFor();
    await seller.page.goto("/dashboard");
    await waitForPath(seller.page, "/dashboard");
    await seller.page
      .getByRole("region", { name: "Transfers" })
      .getByRole("listitem")
      .filter({ hasText: vessel.platformId })
      .getByText("Completed: the vessel belongs to its new owner")
      .waitFor();
  } finally {
    await seller.context.close();
    await buyer.context.close();
  }
});

// Stolen vessels (issue 31): the owner reports a theft on the vessel's page; a visitor then sees
// 'Reported stolen' on the public page and on the check of the certificate issued before.
test("an owner reports a theft, and the public page and /verify say 'Reported stolen'", async () => {
  const { context, page } = await newPage(browser);
  const visitor = await newPage(browser);
  try {
    await signIn(page, OWNER_EMAIL, OWNER_PASSWORD);
    await toast(page, "Welcome back!").waitFor();
    const vessel = await registerPaidVessel(page, `Stolen Sloop ${Math.random().toString(36).slice(2, 7)}`);
    const pdf = await page.request.get(`/api/vessels/${vessel.platformId}/certificate.pdf`);
    assert.equal(pdf.status(), 200);
    const serial = pdf.headers()["x-certificate-serial"];

    await page.goto(`/registry/${vessel.platformId}`);
    await page.getByRole("button", { name: "Report stolen" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Date stolen").fill("2026-11-20");
    await dialog.getByLabel("Where").fill("Jachthaven Muiden");
    await dialog.getByLabel("Police report reference").fill("PL0900-2026112001");
    await dialog.getByRole("button", { name: "Report stolen" }).click();
    await toast(page, "Theft reported").waitFor();
    // The owner's page: the notice, 'Mark recovered', and no transfer.
    await page.getByTestId("stolen-notice").waitFor();
    await page.getByRole("button", { name: "Mark recovered" }).waitFor();
    assert.equal(await page.getByRole("link", { name: /Transfer Ownership/ }).count(), 0);

    await visitor.page.goto(`/registry/${vessel.platformId}`);
    const notice = visitor.page.getByTestId("stolen-notice");
    await notice.waitFor();
    const text = await notice.textContent();
    assert.ok(text.includes("Reported stolen") && text.includes("Jachthaven Muiden"), text);
    assert.ok(!(await visitor.page.locator("main").textContent()).includes("PL0900"), "the police reference is private");

    await visitor.page.goto(`/verify/${serial}`);
    await visitor.page.getByTestId("stolen-notice").waitFor();
    await visitor.page.getByText("Do not buy this vessel or pay for it. If you see it, tell the police.").waitFor();

    // Recovered: the notice goes.
    await page.getByRole("button", { name: "Mark recovered" }).click();
    await toast(page, "Marked recovered").waitFor();
    await page.getByRole("button", { name: "Report stolen" }).waitFor();
    await visitor.page.goto(`/registry/${vessel.platformId}`);
    await visitor.page.getByRole("heading", { level: 1 }).waitFor();
    assert.equal(await visitor.page.getByTestId("stolen-notice").count(), 0);
  } finally {
    await context.close();
    await visitor.context.close();
  }
});
