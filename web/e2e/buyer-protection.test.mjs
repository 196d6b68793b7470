import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  BASE_URL,
  launchBrowser,
  newPage,
  randomMobile,
  registerPaidVessel,
  signIn,
  signUpAndIn,
  smsCode,
  toast,
  typeCode,
  uniqueCin,
  uniqueEmail,
  waitForPath,
} from "./helpers.mjs";

// Buyer protection (docs/BUYER-PROTECTION.md): a guest's free hull check on /check, and a registered
// lien that stops a sale until its lender releases it.

// The demo owner seeded by the server (verified email and mobile) owns the vessel the lien is on.
const OWNER_EMAIL = "owner@registry.test";
const OWNER_PASSWORD = "sloop-owner-2025";
const LENDER_PASSWORD = "harbour-lights-42";
const TRANSFER_CODE = /code to receive .* is (\d{6})/;

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A seeded vessel with a CIN, as the public search lists it. */
async function seededVesselWithCin() {
  const response = await fetch(`${BASE_URL}/api/vessels/search?pageSize=50`);
  assert.equal(response.status, 200);
  const vessel = (await response.json()).data.find((v) => v.cin && v.status === "active");
  assert.ok(vessel, "the seed has an active vessel with a CIN");
  return vessel;
}

/** The definition that the term `label` names in the hull check's result. */
function fact(page, label) {
  const exactly = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`);
  return page.locator("dt").filter({ hasText: exactly }).locator("xpath=following-sibling::dd[1]");
}

/** The signed-in account, as the server has it now. */
async function sessionUser(page) {
  const response = await page.request.get("/api/auth/session");
  assert.equal(response.status(), 200);
  return (await response.json()).user;
}

/** A 1×1 PNG: the signature, IHDR, one IDAT and IEND with its CRC. */
function tinyPng() {
  return Buffer.from(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
      "1f15c4890000000d49444154789c63f8cfc0f01f0005000201a3d3bd9e0000000049454e44ae426082",
    "hex",
  );
}

/**
 * Verifies the signed-in account's identity at the local provider and waits for the decision. The
 * check is started through the API: the web app offers it from an owner's vessel page (and to a
 * verified person on the profile), and a lender need own no vessel.
 */
async function verifyIdentity(page, name) {
  const { url } = await page.evaluate(async () => {
    const response = await fetch("/api/identity/create-session", {
      method: "POST",
      credentials: "include",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: "{}",
    });
    if (!response.ok) throw new Error(`create-session: ${response.status} ${await response.text()}`);
    return response.json();
  });
  await page.goto(url);
  await page
    .getByLabel("Photo of your identity document", { exact: true })
    .setInputFiles({ name: "passport.png", mimeType: "image/png", buffer: tinyPng() });
  await page.getByLabel("Your full name, as printed on the document", { exact: true }).fill(name);
  await page.getByLabel("Test outcome", { exact: true }).selectOption("verified");
  await page.getByRole("button", { name: "Submit for verification" }).click();
  await page.waitForURL((u) => u.pathname === "/profile");
  const deadline = Date.now() + 30_000;
  while ((await sessionUser(page)).identityVerificationStatus !== "verified") {
    assert.ok(Date.now() < deadline, "the identity check was decided within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

test("a guest checks hulls by CIN: a registered one with its platform ID, the CIN decoded and the summary; an unknown one not registered", async () => {
  const { context, page } = await newPage(browser);
  try {
    const vessel = await seededVesselWithCin();

    // From the footer's link, as a buyer finds it.
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Hull check" }).click();
    await waitForPath(page, "/check");
    await page.getByRole("heading", { name: "Hull check", level: 1 }).waitFor();

    // The CIN as a buyer reads it off the transom: any case, no hyphen.
    const typed = vessel.cin.replace("-", "").toLowerCase();
    await page.getByRole("radio", { name: "CIN / HIN" }).check();
    await page.getByRole("textbox", { name: "CIN / HIN" }).fill(typed);
    await page.getByRole("button", { name: "Check", exact: true }).click();
    await page.getByRole("heading", { name: `Result for ${typed}`, level: 2 }).waitFor();
    assert.equal(new URL(page.url()).searchParams.get("cin"), typed, "the check is in the address");
    await page.getByText("Registered", { exact: true }).waitFor();
    assert.equal(
      await page.getByTestId("hull-check-summary").textContent(),
      "Before you pay: not reported stolen, no registered lien, history verified.",
    );
    const platformLink = fact(page, "Platform ID").getByRole("link", { name: vessel.platformId });
    assert.equal(await platformLink.getAttribute("href"), `/registry/${vessel.platformId}`);
    assert.equal(await fact(page, "Status").textContent(), "Active");
    assert.equal(await fact(page, "Ownership history").textContent(), "Verified: its hash chain holds");
    // Decoded: NL-BAV2K4L7C920 is country NL, manufacturer BAV, serial 2K4L7, month C, year digit 9, model year 20.
    const cin = vessel.cin;
    await page.getByRole("heading", { name: "CIN / HIN decoded", level: 3 }).waitFor();
    assert.equal(await fact(page, "CIN / HIN").textContent(), cin);
    assert.match(await fact(page, "Builder's country").textContent(), new RegExp(`\\(${cin.slice(0, 2)}\\)$`));
    assert.equal(await fact(page, "Manufacturer code").textContent(), cin.slice(3, 6));
    assert.equal(await fact(page, "Serial number").textContent(), cin.slice(6, 11));
    assert.match(await fact(page, "Built").textContent(), new RegExp(`in a year ending in ${cin[12]}$`));
    assert.match(await fact(page, "Model year").textContent(), new RegExp(`^\\d\\d${cin.slice(13)}$`));
    const main = await page.locator("main").textContent();
    assert.ok(!main.includes("@") && !main.includes("+31"), "nothing about the owner");

    // A CIN no vessel was registered with: not registered, decoded all the same.
    const unknown = uniqueCin();
    await page.getByRole("textbox", { name: "CIN / HIN" }).fill(unknown);
    await page.getByRole("button", { name: "Check", exact: true }).click();
    await page.getByRole("heading", { name: `Result for ${unknown}`, level: 2 }).waitFor();
    await page.getByText("Not registered", { exact: true }).waitFor();
    assert.equal(await page.getByTestId("hull-check-summary").count(), 0, "no summary for a hull not registered");
    assert.equal(await fact(page, "Platform ID").count(), 0);
    assert.equal(await fact(page, "CIN / HIN").textContent(), unknown);
    assert.equal(await fact(page, "Builder's country").textContent(), "Netherlands (NL)");
    assert.equal(await fact(page, "Manufacturer code").textContent(), "BAV");
    assert.equal(await fact(page, "Built").textContent(), "March, in a year ending in 9");
    assert.equal(await fact(page, "Model year").textContent(), "2020");

    // A malformed one is explained.
    await page.getByRole("textbox", { name: "CIN / HIN" }).fill("NL-BAV2K");
    await page.getByRole("button", { name: "Check", exact: true }).click();
    await page.getByText("NL-BAV2K is not a well-formed CIN/HIN").waitFor();

    // The registered vessel's page links its verified history to its proof in the public log.
    await page.goto(`/registry/${vessel.platformId}`);
    await page.getByText("History integrity verified", { exact: true }).waitFor();
    // The link is there exactly when the newest signed tree head holds the vessel's chain (a vessel
    // registered by an earlier journey is logged at the next head, and the page says so).
    const latest = (await (await page.request.get("/api/transparency/tree-heads?pageSize=1")).json()).data[0];
    const expected = `/api/transparency/proof/inclusion?platformId=${vessel.platformId}&treeSize=${latest.treeSize}`;
    const proof = await page.request.get(expected);
    if (proof.status() === 200) {
      const proofLink = page.getByRole("link", { name: "Inclusion proof in the public log" });
      assert.equal(await proofLink.getAttribute("href"), expected);
      assert.equal((await proof.json()).leaf.platformId, vessel.platformId);
    } else {
      assert.equal(proof.status(), 404, await proof.text());
      await page.getByText("Not yet in the public log", { exact: false }).first().waitFor();
    }
  } finally {
    await context.close();
  }
});

test("a lender's lien, consented to by the owner, blocks the sale at its fee until the lender releases it; then the sale completes", async () => {
  const owner = await newPage(browser);
  const lender = await newPage(browser);
  try {
    const name = `Lien Ketch ${Math.random().toString(36).slice(2, 7)}`;
    const lenderName = `Waterland Bank ${Math.random().toString(36).slice(2, 7)}`;
    const buyerPhone = randomMobile();

    // The owner has an active vessel.
    await signIn(owner.page, OWNER_EMAIL, OWNER_PASSWORD);
    await toast(owner.page, "Welcome back!").waitFor();
    const vessel = await registerPaidVessel(owner.page, name);
    const ownerPhone = (await sessionUser(owner.page)).phoneE164;
    assert.ok(ownerPhone, "the demo owner has a mobile number to receive the consent code");

    // The lender: a new account with a confirmed email and a verified identity.
    await signUpAndIn(lender.page, uniqueEmail("lender"), LENDER_PASSWORD);
    await verifyIdentity(lender.page, "Lena Lender");

    // The lender registers the lien from the vessel's page.
    await lender.page.goto(`/registry/${vessel.platformId}`);
    await lender.page.getByRole("button", { name: "Register a lien" }).click();
    const dialog = lender.page.getByRole("dialog", { name: `Register a lien on ${name}` });
    await dialog.getByLabel("Lender's name").fill(lenderName);
    await dialog.getByLabel("Loan reference").fill("HYP-2026-0042");
    await dialog.getByLabel("Amount secured").fill("45.000,50");
    await dialog.getByRole("button", { name: "Register the lien" }).click();
    await toast(lender.page, "Lien registered").waitFor();
    const lenderCard = lender.page.getByRole("listitem").filter({ hasText: lenderName });
    await lenderCard.getByText("Awaiting the owner's consent").waitFor();

    // The owner consents on the dashboard with the code texted to their mobile.
    const consentCode = await smsCode(
      owner.page.request,
      ownerPhone,
      new RegExp(`${lenderName} asks to register a lien on .*\\(${vessel.platformId}\\).* code (\\d{6})`),
    );
    await owner.page.goto("/dashboard");
    const onMine = owner.page
      .getByRole("region", { name: "Liens on my vessels" })
      .getByRole("listitem")
      .filter({ hasText: vessel.platformId });
    await onMine.getByText(`${lenderName} asks to register this lien on your vessel.`, { exact: false }).waitFor();
    await onMine.getByRole("textbox", { name: "Digit 1 of 6" }).click();
    await owner.page.keyboard.type(consentCode);
    await onMine.getByRole("button", { name: "Consent to the lien" }).click();
    await toast(owner.page, "Lien active").waitFor();

    // Public: the vessel is encumbered, by whom and without the amount.
    const guest = await newPage(browser);
    try {
      await guest.page.goto(`/check?platformId=${vessel.platformId}`);
      await guest.page.getByText("Registered", { exact: true }).waitFor();
      const notice = guest.page.getByTestId("encumbered-notice");
      await notice.getByText(new RegExp(`^Registered lien: ${lenderName}, since`)).waitFor();
      assert.match(await guest.page.getByTestId("hull-check-summary").textContent(), /a registered lien stands/);
      const shown = await guest.page.locator("main").textContent();
      assert.ok(!shown.includes("45.000") && !shown.includes("45,000") && !shown.includes("HYP-2026"), "never the amount");
    } finally {
      await guest.context.close();
    }

    // The owner starts a sale: the wizard shows what the buyer's hull check says.
    await owner.page.goto(`/transfer/${vessel.id}`);
    await owner.page.getByRole("heading", { name: "New Owner", level: 2 }).waitFor();
    const brief = owner.page.getByRole("region", { name: "What a buyer's hull check shows" });
    await brief.getByText("Encumbered", { exact: true }).waitFor();
    await brief.getByText(/a registered lien stands/).waitFor();
    await owner.page.locator('#transfer-phone-prefix option[value="+31"]').waitFor({ state: "attached" });
    await owner.page.getByLabel("Country code", { exact: true }).selectOption("+31");
    await owner.page.getByLabel("New owner's mobile number", { exact: true }).fill(`0${buyerPhone.slice(3)}`);
    await owner.page.getByRole("checkbox", { name: /I confirm that I am transferring ownership/ }).click();
    await owner.page.getByRole("button", { name: "Send Verification SMS" }).click();
    await owner.page.getByRole("heading", { name: "SMS Verification" }).waitFor();
    await typeCode(owner.page, await smsCode(owner.page.request, buyerPhone, TRANSFER_CODE));
    await owner.page.getByRole("button", { name: "Verify & Continue" }).click();

    // The fee cannot be paid while the lien stands: the payment step says why.
    await owner.page.getByRole("heading", { name: "Transfer Fee Payment" }).waitFor();
    const refused = owner.page
      .getByRole("alert")
      .filter({ hasText: "A registered lien stands against this vessel: the transfer can complete only once" });
    await refused.waitFor();
    assert.equal(await owner.page.getByRole("button", { name: "Pay €9.95" }).count(), 0, "nothing to pay with");

    // The lender releases the lien from 'Liens I hold' on the dashboard.
    await lender.page.goto("/dashboard");
    const held = lender.page
      .getByRole("region", { name: "Liens I hold" })
      .getByRole("listitem")
      .filter({ hasText: vessel.platformId });
    await held.getByText("Active", { exact: true }).waitFor();
    await held.getByRole("button", { name: "Release lien" }).click();
    await lender.page
      .getByRole("alertdialog", { name: `Release your lien on ${name}?` })
      .getByRole("button", { name: "Release lien" })
      .click();
    await toast(lender.page, "Lien released").waitFor();

    // Now the sale completes.
    await refused.getByRole("button", { name: "Try again" }).click();
    await owner.page.getByLabel("Card number", { exact: true }).fill("4242 4242 4242 4242");
    await owner.page.getByLabel("Expiry date", { exact: true }).fill("12 / 34");
    await owner.page.getByLabel("CVC", { exact: true }).fill("123");
    await owner.page.getByRole("button", { name: "Pay €9.95" }).click();
    await toast(owner.page, "Transfer Complete").waitFor();
    await waitForPath(owner.page, "/dashboard");
    // The buyer has no account yet: the vessel waits for them to claim it with their number.
    await owner.page
      .getByRole("region", { name: "Transfers" })
      .getByRole("listitem")
      .filter({ hasText: vessel.platformId })
      .getByText("Paid: waiting for the new owner to claim the vessel with their mobile number")
      .waitFor();

    // The hull check no longer reports a lien.
    const check = await (await fetch(`${BASE_URL}/api/hull-check?platformId=${vessel.platformId}`)).json();
    assert.equal(check.encumbered, false);
  } finally {
    await owner.context.close();
    await lender.context.close();
  }
});
