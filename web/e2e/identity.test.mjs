import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { launchBrowser, newPage, registerPaidVessel, signIn, toast, uploadPdf, waitForPath } from "./helpers.mjs";
import { ensurePasskey } from "./passkeys.mjs";

// Issue 11: the owner verifies their identity from a vessel's page. The server's local identity
// provider stands in for the real one: its hosted page takes a photo of the document and a test
// outcome, decides a few seconds later, and sends the browser back to the vessel page with
// ?verified=identity, which polls until the result arrives (spec section 4: every 2 s, for 30 s).

// The demo owner seeded by the server (verified email and mobile, identity not started).
const OWNER_EMAIL = "owner@registry.test";
const OWNER_PASSWORD = "sloop-owner-2025";
const ADMIN_EMAIL = "admin@registry.test";
const ADMIN_PASSWORD = "harbour-master-2025";

/** A 1×1 PNG: the signature, IHDR, one IDAT and IEND with its CRC. */
function tinyPng() {
  return Buffer.from(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
      "1f15c4890000000d49444154789c63f8cfc0f01f0005000201a3d3bd9e0000000049454e44ae426082",
    "hex",
  );
}

/** The platform ID without its hyphens: the provider may send the browser back to either form. */
function compact(platformId) {
  return platformId.replace(/-/g, "").toUpperCase();
}

/** Whether `url` is the page of the vessel `platformId` (grouped or compact). */
function isVesselPage(url, platformId) {
  const match = /^\/registry\/([^/]+)$/.exec(url.pathname);
  return match != null && compact(decodeURIComponent(match[1])) === compact(platformId);
}

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test("the owner verifies their identity at the provider and the vessel page picks up the result", async () => {
  const { context, page } = await newPage(browser);
  try {
    await signIn(page, OWNER_EMAIL, OWNER_PASSWORD);
    await toast(page, "Welcome back!").waitFor();
    await waitForPath(page, "/dashboard");
    const { id: vesselId, platformId } = await registerPaidVessel(
      page,
      `Identity Yawl ${Math.random().toString(36).slice(2, 7)}`,
    );

    // The vessel's page: the checklist offers the identity check.
    await page.goto(`/registry/${platformId}`);
    await page.getByRole("heading", { name: "Complete Your Verification" }).waitFor();
    await page.getByRole("button", { name: "Verify Identity" }).click();

    // The provider's hosted page (served by the server in test mode).
    const photo = page.getByLabel("Photo of your identity document", { exact: true });
    await photo.waitFor();
    assert.ok(!isVesselPage(new URL(page.url()), platformId), "left the vessel page for the provider");
    await photo.setInputFiles({ name: "passport.png", mimeType: "image/png", buffer: tinyPng() });
    // The provider reads the name off the document; the local page has the person type it.
    await page.getByLabel("Your full name, as printed on the document", { exact: true }).fill("Marit Jansen");
    await page.getByLabel("Test outcome", { exact: true }).selectOption("verified");
    await page.getByRole("button", { name: "Submit for verification" }).click();

    // Back on the vessel page with ?verified=identity: polling until the decision arrives.
    await page.waitForURL((url) => isVesselPage(url, platformId) && url.searchParams.get("verified") === "identity");
    await page.getByRole("status").filter({ hasText: "Checking status..." }).waitFor();
    await toast(page, "Identity Verified").waitFor({ timeout: 30_000 });
    await toast(page, "Your identity has been successfully verified!").waitFor();

    // The flag has left the address, and the page shows the identity verified.
    await page.waitForURL((url) => isVesselPage(url, platformId) && url.search === "");
    await page.getByText("Checking status...").waitFor({ state: "detached" });
    const identityItems = page.getByRole("listitem").filter({ has: page.getByText("Identity", { exact: true }) });
    // The status grid (the server's view of the owner) and the owner's checklist.
    await identityItems.first().waitFor();
    assert.equal(await identityItems.count(), 2, "the status grid's and the checklist's identity items");
    for (const item of await identityItems.all()) {
      await item.getByText("Verified", { exact: true }).waitFor();
    }
    assert.equal(await page.getByRole("button", { name: "Verify Identity" }).count(), 0, "nothing left to start");

    // Three of four: the badge still says 'Registered' until a document is verified.
    // The header: the vessel's name and, beside it, its badges.
    const header = page.getByRole("heading", { level: 1 }).locator("xpath=../..");
    await header.getByText("Registered", { exact: true }).waitFor();
    const fileName = `identity-e2e-${Date.now()}.pdf`;
    await uploadPdf(page, vesselId, fileName);

    // An administrator verifies the document in the console.
    const admin = await newPage(browser);
    try {
      await signIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD);
      await toast(admin.page, "Welcome back!").waitFor();
      // Administrators' changes need a passkey on the account.
      await ensurePasskey(admin.page);
      await admin.page.goto("/admin?tab=documents");
      const row = admin.page.getByRole("row").filter({ hasText: fileName });
      await row.getByRole("button", { name: /^Verify / }).click();
      await toast(admin.page, "Document verified").waitFor();
    } finally {
      await admin.context.close();
    }

    // Complete: the vessel is Verified, with what that means.
    await page.reload();
    const badge = header.getByText("Verified", { exact: true });
    await badge.waitFor();
    assert.match(await header.locator("[title]").first().getAttribute("title"), /identity/);
  } finally {
    await context.close();
  }
});
