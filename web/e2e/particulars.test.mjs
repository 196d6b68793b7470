import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { launchBrowser, newPage, registerPaidVessel, signIn, toast, waitForPath } from "./helpers.mjs";
import { ensurePasskey } from "./passkeys.mjs";

// Vessel particulars and their corrections. The demo owner describes one of their vessels (home
// port, hull colour, an engine) and sees it on the vessel's page with the correction listed; asks
// the registry to correct its MMSI; the demo administrator approves the request in the console;
// the owner's page then shows the new MMSI and the correction 'by the registry'.

// The demo accounts seeded by the server (README).
const ADMIN_EMAIL = "admin@registry.test";
const ADMIN_PASSWORD = "harbour-master-2025";
const OWNER_EMAIL = "owner@registry.test";
const OWNER_PASSWORD = "sloop-owner-2025";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A Dutch MMSI (MID 244) no other run uses. */
function uniqueMmsi() {
  let digits = "";
  for (let i = 0; i < 6; i++) digits += Math.floor(Math.random() * 10);
  return `244${digits}`;
}

/** The public 'Corrections to particulars' list of the vessel page. */
function correctionsList(page) {
  return page.getByRole("list", { name: "Corrections to particulars" });
}

test("the owner edits particulars and requests a correction; the administrator approves it", async () => {
  const name = `Particulars ${Date.now()}`;
  const mmsi = uniqueMmsi();
  let vessel;

  const owner = await newPage(browser);
  try {
    const { page } = owner;
    await signIn(page, OWNER_EMAIL, OWNER_PASSWORD);
    await toast(page, "Welcome back!").waitFor();
    await waitForPath(page, "/dashboard");
    vessel = await registerPaidVessel(page, name);

    // One of the owner's vessels, opened from the dashboard.
    await page.goto("/dashboard");
    const card = page.getByRole("article").filter({ hasText: vessel.platformId });
    await card.getByRole("link", { name: /View Details/ }).click();
    await waitForPath(page, `/registry/${vessel.platformId}`);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    // Nothing corrected yet: no list of corrections.
    await page.getByRole("heading", { name: "Particulars", level: 2 }).waitFor();
    assert.equal(await correctionsList(page).count(), 0);

    // Edit particulars: home port, hull colour and one engine.
    await page.getByRole("button", { name: "Edit particulars" }).click();
    const edit = page.getByRole("dialog", { name: "Edit particulars" });
    await edit.getByText(/listed publicly on the vessel's page/).waitFor();
    await edit.getByLabel("Home port", { exact: true }).fill("Lelystad");
    await edit.getByLabel("Hull colour", { exact: true }).fill("Navy blue");
    await edit.getByLabel("Type", { exact: true }).selectOption({ label: "Sailing vessel" });
    await edit.getByRole("button", { name: "Add engine" }).click();
    const engine = edit.getByRole("group", { name: "Engine 1" });
    await engine.getByLabel("Engine make", { exact: true }).fill("Volvo Penta");
    await engine.getByLabel("Engine model (optional)", { exact: true }).fill("D2-40");
    // A power the server refuses never leaves the form.
    await engine.getByLabel("Power (kW)", { exact: true }).fill("29.45");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await engine.getByText(/^Enter the power in kW/).waitFor();
    await engine.getByLabel("Power (kW)", { exact: true }).fill("29.4");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await toast(page, "Particulars saved").waitFor();
    await edit.waitFor({ state: "detached" });

    // The page shows them, and lists each correction made by the owner.
    const facts = page.locator("dl").first();
    const fact = (label) =>
      facts
        .locator("div")
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator("dd");
    await fact("Home port").getByText("Lelystad", { exact: true }).waitFor();
    await fact("Hull colour").getByText("Navy blue", { exact: true }).waitFor();
    await fact("Type").getByText("Sailing vessel", { exact: true }).waitFor();
    assert.match(await fact("Engine").innerText(), /^Volvo Penta D2-40, 29\.4\sKW$/i);
    const corrections = correctionsList(page);
    await corrections.waitFor();
    const homePort = corrections.getByRole("listitem").filter({ hasText: "Home port:" });
    await homePort.getByText(/Home port:\s*none → Lelystad/).waitFor();
    await homePort.getByText("by the owner", { exact: true }).waitFor();
    await corrections
      .getByRole("listitem")
      .filter({ hasText: "Engines:" })
      .getByText(/none → Volvo Penta D2-40, 29\.4\skW/)
      .waitFor();

    // Request a correction of what the owner cannot change: the MMSI.
    await page.getByRole("button", { name: "Request a correction" }).click();
    const request = page.getByRole("dialog", { name: "Request a correction" });
    await request.getByLabel("What to correct", { exact: true }).selectOption({ label: "MMSI" });
    await request.getByText(/Registered now:\s*none/).waitFor();
    await request.getByLabel("Correct value", { exact: true }).fill(mmsi);
    await request.getByLabel("Why", { exact: true }).fill("Too short");
    await request.getByRole("button", { name: "Send request" }).click();
    await request.getByText("Say why in 10 to 1,000 characters").waitFor();
    await request.getByLabel("Why", { exact: true }).fill("The radio licence issued this year gives this MMSI.");
    await request.getByRole("button", { name: "Send request" }).click();
    await toast(page, "Request sent").waitFor();
    await request.waitFor({ state: "detached" });
    const requests = page.getByRole("list", { name: "Your correction requests" });
    const pending = requests.getByRole("listitem").filter({ hasText: "MMSI:" });
    await pending.getByText("Pending", { exact: true }).waitFor();
    await pending.getByText(new RegExp(`none → ${mmsi}`)).waitFor();
  } finally {
    await owner.context.close();
  }

  // The administrator approves it in the console.
  const admin = await newPage(browser);
  try {
    const { page } = admin;
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await toast(page, "Welcome back!").waitFor();
    // Administrators' changes need a passkey on the account.
    await ensurePasskey(page);
    await page.goto("/admin");
    await page.getByRole("tablist", { name: "Admin sections" }).getByRole("tab", { name: "Correction requests" }).click();
    await page.getByRole("tabpanel", { name: "Correction requests" }).waitFor();
    assert.equal(await page.getByLabel("Status", { exact: true }).inputValue(), "pending");
    const row = page.getByRole("table", { name: "Correction requests" }).getByRole("row").filter({ hasText: vessel.platformId });
    await row.getByRole("link", { name: vessel.platformId }).waitFor();
    await row.getByText(name, { exact: true }).waitFor();
    await row.getByText(OWNER_EMAIL).waitFor();
    await row.getByText("The radio licence issued this year gives this MMSI.").waitFor();
    await row.getByRole("button", { name: `Approve MMSI for ${vessel.platformId}` }).click();
    const dialog = page.getByRole("dialog", { name: "Approve this correction?" });
    await dialog.getByText(new RegExp(`MMSI of ${vessel.platformId} is corrected from none to ${mmsi}`)).waitFor();
    await dialog.getByLabel("Note for the owner (optional)").fill("Checked against the radio licence.");
    await dialog.getByRole("button", { name: "Approve", exact: true }).click();
    await toast(page, "Correction approved").waitFor();
    await dialog.waitFor({ state: "detached" });
    // It has left the queue, and is listed among the approved ones.
    await row.waitFor({ state: "detached" });
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Approved" });
    const approved = page
      .getByRole("table", { name: "Correction requests" })
      .getByRole("row")
      .filter({ hasText: vessel.platformId });
    await approved.getByText("Checked against the radio licence.").waitFor();
    assert.equal(await approved.getByRole("button", { name: /^Approve/ }).count(), 0);
  } finally {
    await admin.context.close();
  }

  // The owner's page: the corrected MMSI 'by the registry', and the request approved with its note.
  const again = await newPage(browser);
  try {
    const { page } = again;
    await signIn(page, OWNER_EMAIL, OWNER_PASSWORD);
    await toast(page, "Welcome back!").waitFor();
    await page.goto(`/registry/${vessel.platformId}`);
    const corrections = correctionsList(page);
    const byRegistry = corrections.getByRole("listitem").filter({ hasText: "MMSI:" });
    await byRegistry.getByText(new RegExp(`MMSI:\\s*none → ${mmsi}`)).waitFor();
    await byRegistry.getByText("by the registry", { exact: true }).waitFor();
    // Newest first: the registry's correction above the owner's.
    assert.match(await corrections.getByRole("listitem").first().innerText(), /MMSI/);
    const request = page
      .getByRole("list", { name: "Your correction requests" })
      .getByRole("listitem")
      .filter({ hasText: "MMSI:" });
    await request.getByText("Approved", { exact: true }).waitFor();
    await request.getByText("The registry's note: Checked against the radio licence.").waitFor();
    // The public record carries the new value.
    const response = await page.request.get(`/api/vessels/${vessel.platformId}`);
    assert.equal((await response.json()).vessel.identifiers.mmsi, mmsi);
  } finally {
    await again.context.close();
  }
});
