import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  BASE_URL,
  launchBrowser,
  newPage,
  registerPaidVessel,
  signIn,
  signUpAndIn,
  toast,
  uniqueEmail,
  uploadPdf,
  waitForPath,
} from "./helpers.mjs";
import { addPasskeyOnProfile, addVirtualAuthenticator, ensurePasskey } from "./passkeys.mjs";

// Issue 11: the admin console. The demo owner registers (and pays for) a vessel and uploads a
// document; the demo administrator then filters the vessels, reviews the pending document,
// refunds the registration fee, and finds both actions in the audit log. Administrators' changes
// need a passkey on the account (docs/ACCOUNTS.md): the administrator adds one first if need be.

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

/** Opens a tab of the console by its name. */
async function openTab(page, name) {
  await page.getByRole("tablist", { name: "Admin sections" }).getByRole("tab", { name, exact: true }).click();
  await page.getByRole("tabpanel", { name }).waitFor();
}

/** The body rows of the table with this caption, once it has any. */
async function tableRows(page, caption) {
  const table = page.getByRole("table", { name: caption });
  await table.waitFor();
  return table.locator("tbody").getByRole("row");
}

test("a non-administrator is told the console needs admin access", async () => {
  const { context, page } = await newPage(browser);
  try {
    await signIn(page, OWNER_EMAIL, OWNER_PASSWORD);
    await waitForPath(page, "/dashboard");
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Admin Access Required" }).waitFor();
    await page.getByText("You don't have permission to access this page.").waitFor();
    assert.equal(await page.getByRole("tablist").count(), 0);
  } finally {
    await context.close();
  }
});

test("the administrator filters vessels, reviews a document, refunds a payment and finds both in the audit log", async () => {
  // The owner's side: a paid vessel (a succeeded registration fee) with one pending document.
  const owner = await newPage(browser);
  const fileName = `admin-e2e-${Date.now()}.pdf`;
  let platformId;
  try {
    await signIn(owner.page, OWNER_EMAIL, OWNER_PASSWORD);
    await waitForPath(owner.page, "/dashboard");
    const vessel = await registerPaidVessel(owner.page, "Console Check");
    platformId = vessel.platformId;
    await uploadPdf(owner.page, vessel.id, fileName);
  } finally {
    await owner.context.close();
  }

  const { context, page } = await newPage(browser);
  try {
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await toast(page, "Welcome back!").waitFor();
    await ensurePasskey(page);
    await page.goto("/admin");
    // With a passkey, the console no longer asks for one.
    await page.getByRole("heading", { name: "Admin Console", level: 1 }).waitFor();
    assert.equal(await page.getByRole("region", { name: "Add a passkey to make changes" }).count(), 0);
    await page.getByRole("heading", { name: "Admin Console", level: 1 }).waitFor();
    const stats = page.getByRole("list", { name: "Overview" });
    for (const label of ["Total Vessels", "Active Transfers", "Revenue (30d)", "Active Users"]) {
      await stats.getByText(label, { exact: true }).waitFor();
    }

    // Vessels: Active in the Netherlands only.
    await page.getByRole("tab", { name: "Vessels", exact: true, selected: true }).waitFor();
    await (await tableRows(page, "Vessels")).first().waitFor();
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/api/admin/vessels") && r.url().includes("status=active")),
      page.getByLabel("Status", { exact: true }).selectOption({ label: "Active" }),
    ]);
    await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes("/api/admin/vessels") && r.url().includes("status=active") && r.url().includes("countryCode=NL"),
      ),
      page.getByLabel("Country", { exact: true }).selectOption("NL"),
    ]);
    const vesselRows = await tableRows(page, "Vessels");
    await vesselRows.first().waitFor();
    const count = await vesselRows.count();
    assert.ok(count > 0 && count <= 20, `between 1 and 20 rows, got ${count}`);
    for (let i = 0; i < count; i++) {
      const cells = vesselRows.nth(i).getByRole("cell");
      assert.match(await cells.nth(2).innerText(), /\bNL\b/, `row ${i} is Dutch`);
      assert.equal((await cells.nth(3).innerText()).trim(), "Active", `row ${i} is active`);
    }
    await page.getByText(/^Showing \d[\d,]*-\d[\d,]* of \d[\d,]* vessels$/).waitFor();

    // Documents: the pending queue; reject the first with a reason.
    await openTab(page, "Documents");
    assert.equal(await page.getByLabel("Status", { exact: true }).inputValue(), "pending");
    const documentRows = await tableRows(page, "Documents");
    const first = documentRows.first();
    await first.waitFor();
    const rejected = (await first.getByRole("cell").nth(2).innerText()).trim();
    await first.getByRole("button", { name: `Reject ${rejected}` }).click();
    const rejectDialog = page.getByRole("dialog", { name: "Reject this document?" });
    // Without a reason nothing is sent.
    await rejectDialog.getByRole("button", { name: "Reject", exact: true }).click();
    await rejectDialog.getByText("Enter a reason").waitFor();
    await rejectDialog.getByLabel("Reason").fill("The scan is unreadable; please upload a sharper copy.");
    await rejectDialog.getByRole("button", { name: "Reject", exact: true }).click();
    await toast(page, "Document rejected").waitFor();
    await rejectDialog.waitFor({ state: "detached" });
    // It has left the pending queue.
    await page
      .getByRole("table", { name: "Documents" })
      .getByRole("button", { name: `Reject ${rejected}` })
      .waitFor({ state: "detached" });

    // Payments: refund the owner's registration fee with a reason.
    await openTab(page, "Payments");
    await page.getByRole("term").filter({ hasText: "Net" }).waitFor();
    const paymentRow = (await tableRows(page, "Payments")).filter({ hasText: platformId }).first();
    await paymentRow.getByText("Succeeded", { exact: true }).waitFor();
    await paymentRow.getByRole("button", { name: new RegExp(`^Refund .+ for ${platformId}$`) }).click();
    const refundDialog = page.getByRole("dialog", { name: /^Refund .+\?$/ });
    await refundDialog.getByLabel("Reason").fill("Registered by mistake; refunded at the owner's request.");
    await refundDialog.getByRole("button", { name: /^Refund / }).click();
    await toast(page, "Payment refunded").waitFor();
    await refundDialog.waitFor({ state: "detached" });
    // The refund may settle a moment later: read the list again until the row says so.
    for (let i = 0; ; i++) {
      const row = (await tableRows(page, "Payments")).filter({ hasText: platformId }).first();
      if ((await row.getByText("Refunded", { exact: true }).count()) > 0) break;
      assert.ok(i < 20, "the refunded payment shows as refunded");
      await page.waitForTimeout(500);
      await page.reload();
      await page.getByRole("tabpanel", { name: "Payments" }).waitFor();
    }
    const refundedRow = (await tableRows(page, "Payments")).filter({ hasText: platformId }).first();
    assert.equal(await refundedRow.getByRole("button", { name: /^Refund / }).count(), 0, "no second refund offered");

    // Audit Logs: both actions are recorded.
    await openTab(page, "Audit Logs");
    await (await tableRows(page, "Audit log")).first().waitFor();
    for (const [type, label] of [
      ["document_reviewed", "Document reviewed"],
      ["payment_refunded", "Payment refunded"],
    ]) {
      // Offered and shown in words; the filter sends the code.
      await page.getByLabel("Type", { exact: true }).selectOption({ label });
      await Promise.all([
        page.waitForResponse((r) => r.url().includes("/api/admin/audit") && r.url().includes(`type=${type}`)),
        page.getByRole("button", { name: "Apply filters" }).click(),
      ]);
      const auditRows = await tableRows(page, "Audit log");
      await auditRows.first().waitFor();
      const n = await auditRows.count();
      for (let i = 0; i < n; i++) {
        assert.equal((await auditRows.nth(i).getByRole("cell").nth(2).locator("p").first().innerText()).trim(), label);
      }
      await auditRows.filter({ hasText: ADMIN_EMAIL }).first().waitFor();
    }
    // The refund names the vessel.
    await (await tableRows(page, "Audit log")).filter({ hasText: platformId }).first().waitFor();
  } finally {
    await context.close();
  }
});

/** On the console's Users tab: looks an account up by email and returns its card. */
async function lookUpAccount(page, email) {
  await openTab(page, "Users");
  const panel = page.getByRole("tabpanel", { name: "Users" });
  await panel.getByLabel("Email", { exact: true }).fill(email);
  await panel.getByRole("button", { name: "Look up" }).click();
  const card = panel.getByRole("article", { name: email });
  await card.waitFor();
  return card;
}

test("a new administrator without a passkey is told to add one and refused changes until they have", async () => {
  const password = "harbour-lights-42";
  // Someone for the new administrator to change: an account of its own, made through the API.
  const bystander = uniqueEmail("bystander");
  const registered = await fetch(`${BASE_URL}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ email: bystander, password }),
  });
  assert.equal(registered.status, 201, await registered.text());

  const candidate = await newPage(browser);
  try {
    const { page } = candidate;
    await addVirtualAuthenticator(page);
    const email = uniqueEmail("new-admin");
    await signUpAndIn(page, email, password);

    // The demo administrator (with a passkey) makes the account an administrator.
    const admin = await newPage(browser);
    try {
      await signIn(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD);
      await toast(admin.page, "Welcome back!").waitFor();
      await ensurePasskey(admin.page);
      await admin.page.goto("/admin");
      const card = await lookUpAccount(admin.page, email);
      await card.getByRole("button", { name: "Make admin" }).click();
      await toast(admin.page, "Role changed").waitFor();
    } finally {
      await admin.context.close();
    }

    // Without a passkey: the console says so, and the server refuses a change.
    await page.goto("/admin");
    const notice = page.getByRole("region", { name: "Add a passkey to make changes" });
    await notice.waitFor();
    const refused = await lookUpAccount(page, bystander);
    await refused.getByRole("button", { name: "Make admin" }).click();
    await refused
      .getByText("Administrators must add a passkey to their account before making changes.", { exact: false })
      .waitFor();

    // The notice leads to the profile; with a passkey added, the same change is made.
    await notice.getByRole("link", { name: "Add a passkey on your profile" }).click();
    await waitForPath(page, "/profile");
    await addPasskeyOnProfile(page, "New admin's laptop");
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Admin Console", level: 1 }).waitFor();
    await page.getByRole("tablist", { name: "Admin sections" }).waitFor();
    assert.equal(await notice.count(), 0, "no notice once the administrator has a passkey");
    const allowed = await lookUpAccount(page, bystander);
    await allowed.getByRole("button", { name: "Make admin" }).click();
    await toast(page, "Role changed").waitFor();
    // And back: the bystander is no administrator.
    await allowed.getByRole("button", { name: "Remove admin" }).click();
    await allowed.getByRole("button", { name: "Make admin" }).waitFor();
  } finally {
    await candidate.context.close();
  }
});
