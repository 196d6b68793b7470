import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { launchBrowser, newPage, registerPaidVessel, signIn, toast, waitForPath } from "./helpers.mjs";

// Issue 10: the owner uploads proof-of-ownership documents, sees them counted, downloads the
// vessel's signed certificate, finds its platform ID and serial in the PDF's text (poppler's
// pdftotext), and opens the public check its QR code points to.

// The demo owner seeded by the server (verified email).
const OWNER_EMAIL = "owner@registry.test";
const OWNER_PASSWORD = "sloop-owner-2025";

const SERIAL = /ESRC(?:-[0-9A-Z]{4}){4}/;

/** A small PDF the server takes: "%PDF-" first, "%%EOF" at the end. */
function tinyPdf() {
  return Buffer.from(
    "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n" +
      "trailer\n<< /Root 1 0 R >>\n%%EOF\n",
    "latin1",
  );
}

/** A 1×1 PNG: the signature, IHDR, one IDAT and IEND with its CRC. */
function tinyPng() {
  return Buffer.from(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
      "1f15c4890000000d49444154789c63f8cfc0f01f0005000201a3d3bd9e0000000049454e44ae426082",
    "hex",
  );
}

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The dashboard's 'Documents Uploaded' figure. */
async function documentsUploaded(page) {
  await page.goto("/dashboard");
  const stat = page.getByRole("list", { name: "Overview" }).getByRole("listitem").filter({ hasText: "Documents Uploaded" });
  await stat.getByText(/^\d[\d,]*$/).waitFor();
  return Number((await stat.getByText(/^\d[\d,]*$/).textContent()).replace(/,/g, ""));
}

/** Chooses a type (and a name for a custom one) and a file, and adds it to the upload queue. */
async function queueDocument(page, type, file, customName) {
  await page.getByLabel("Document Type", { exact: true }).selectOption({ label: type });
  if (customName) await page.getByLabel("Document Name", { exact: true }).fill(customName);
  await page.getByLabel("File", { exact: true }).setInputFiles(file);
  await page.getByRole("button", { name: "Add to Upload Queue" }).click();
  await toast(page, "Document Added").waitFor();
}

test("the owner uploads two documents, downloads the certificate and its serial checks out publicly", async () => {
  const { context, page } = await newPage(browser);
  const dir = mkdtempSync(join(tmpdir(), "registry-e2e-certificate-"));
  try {
    await signIn(page, OWNER_EMAIL, OWNER_PASSWORD);
    await toast(page, "Welcome back!").waitFor();
    await waitForPath(page, "/dashboard");
    const { platformId } = await registerPaidVessel(page, "Paper Trail");
    const before = await documentsUploaded(page);

    // The vessel's page: no documents yet; on to the upload page.
    await page.goto(`/registry/${platformId}`);
    const documents = page.getByRole("list", { name: "Documents" });
    await page.getByText("No documents uploaded yet.").waitFor();
    await page.getByText("No documents yet").first().waitFor();
    await page.getByRole("link", { name: "Upload Documents" }).first().click();
    await waitForPath(page, `/registry/${platformId}/upload-documents`);
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await breadcrumb.getByRole("link", { name: platformId }).waitFor();

    // An empty queue is refused on the client.
    await page.getByRole("button", { name: "Upload All Documents" }).click();
    await toast(page, "No Documents").waitFor();

    await queueDocument(page, "Proof of Purchase / Bill of Sale", {
      name: "bill-of-sale.pdf",
      mimeType: "application/pdf",
      buffer: tinyPdf(),
    });
    await queueDocument(
      page,
      "Custom Document",
      { name: "hull.png", mimeType: "image/png", buffer: tinyPng() },
      "Hull survey photo",
    );
    const queue = page.getByRole("list", { name: "Upload Queue" });
    assert.equal(await queue.getByRole("listitem").count(), 2);
    await queue.getByText("bill-of-sale.pdf").waitFor();
    await queue.getByText(/Hull survey photo/).waitFor();
    await queue.getByText(/\d KB/).first().waitFor();

    await page.getByRole("button", { name: "Upload All Documents" }).click();
    await toast(page, "Documents Uploaded").waitFor();
    // Back on the vessel's page a second later, with both documents awaiting review.
    await waitForPath(page, `/registry/${platformId}`);
    await documents.waitFor();
    assert.equal(await documents.getByRole("listitem").count(), 2);
    assert.equal(await documents.getByText("Pending review").count(), 2);
    await documents.getByText("Hull survey photo").waitFor();
    await page.getByText("2 documents awaiting review").first().waitFor();
    await page.getByRole("link", { name: "Download bill-of-sale.pdf" }).waitFor();

    // The dashboard counts them.
    assert.equal(await documentsUploaded(page), before + 2);

    // The certificate: a PDF whose text names the vessel's platform ID and the serial.
    await page.goto(`/registry/${platformId}`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download certificate (PDF)" }).click(),
    ]);
    const pdfPath = join(dir, "certificate.pdf");
    await download.saveAs(pdfPath);
    assert.equal(readFileSync(pdfPath).subarray(0, 5).toString("latin1"), "%PDF-");
    const text = execFileSync("pdftotext", ["-layout", pdfPath, "-"], { encoding: "utf8" });
    assert.ok(text.includes(platformId), `the certificate names ${platformId}:\n${text}`);
    const serial = text.match(SERIAL)?.[0];
    assert.ok(serial, `the certificate has a serial:\n${text}`);
    await toast(page, "Certificate downloaded").waitFor();
    await page
      .getByRole("region", { name: /Notifications/ })
      .getByText(`Serial ${serial}.`)
      .waitFor();

    // Anyone can check it: a fresh context without a session.
    const visitor = await newPage(browser);
    try {
      await visitor.page.goto(`/verify/${serial}`);
      await visitor.page.getByText("Certificate valid and current", { exact: true }).waitFor();
      await visitor.page.getByText("Current", { exact: true }).waitFor();
      await visitor.page.getByText(serial, { exact: true }).waitFor();
      const link = visitor.page.getByRole("link", { name: platformId });
      assert.equal(await link.getAttribute("href"), `/registry/${platformId}`);
      await visitor.page.getByText("Paper Trail", { exact: true }).waitFor();
      assert.equal(await visitor.page.getByText(OWNER_EMAIL).count(), 0, "no owner identity on the public check");
      const signed = visitor.page.getByLabel("Signed data (UTF-8, exactly as signed)");
      assert.ok((await signed.textContent()).includes(`"serial":"${serial}"`));

      // An unknown serial is not found.
      await visitor.page.goto("/verify/ESRC-0000-0000-0000-0000");
      await visitor.page.getByRole("heading", { name: "Certificate Not Found" }).waitFor();
    } finally {
      await visitor.context.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await context.close();
  }
});

/** A date some days ago, `YYYY-MM-DD` in local time (the record takes no future dates). */
function daysAgo(days) {
  const date = new Date(Date.now() - days * 86_400_000);
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

test("the owner keeps a value & maintenance record and downloads the vessel record PDF", async () => {
  const { context, page } = await newPage(browser);
  const dir = mkdtempSync(join(tmpdir(), "registry-e2e-record-"));
  try {
    await signIn(page, OWNER_EMAIL, OWNER_PASSWORD);
    await waitForPath(page, "/dashboard");
    const { platformId } = await registerPaidVessel(page, "Logbook Lady");
    await page.goto(`/registry/${platformId}`);
    const record = page
      .locator("div.rounded-lg")
      .filter({ has: page.getByRole("heading", { name: "Value & Maintenance Record" }) });
    await record.getByText("No entries yet.", { exact: false }).waitFor();

    const addEntry = async ({ date, kind, description, amount }) => {
      await record.getByRole("button", { name: "Add entry" }).click();
      const dialog = page.getByRole("dialog", { name: "Add a record entry" });
      await dialog.getByLabel("Date", { exact: true }).fill(date);
      await dialog.getByLabel("Kind", { exact: true }).selectOption({ label: kind });
      await dialog.getByLabel("Description", { exact: true }).fill(description);
      await dialog.getByLabel("Amount in euros (optional)", { exact: true }).fill(amount);
      await dialog.getByRole("button", { name: "Add entry" }).click();
      await toast(page, "Entry added").waitFor();
      await dialog.waitFor({ state: "detached" });
    };
    await addEntry({ date: daysAgo(40), kind: "Service", description: "Engine service and impeller", amount: "450,50" });
    await addEntry({ date: daysAgo(10), kind: "Valuation", description: "Surveyor's valuation", amount: "45000" });

    const entries = record.getByRole("list", { name: "Value & Maintenance Record" }).getByRole("listitem");
    assert.equal(await entries.count(), 2);
    await entries.first().getByText("Surveyor's valuation").waitFor();
    await record.getByText("€45,000.00", { exact: true }).waitFor();
    await record.getByText("€450.50", { exact: true }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download vessel record (PDF)" }).click(),
    ]);
    const pdfPath = join(dir, "record.pdf");
    await download.saveAs(pdfPath);
    const text = execFileSync("pdftotext", ["-layout", pdfPath, "-"], { encoding: "utf8" });
    assert.ok(text.includes(platformId), `the record names ${platformId}:\n${text}`);
    assert.ok(text.includes("Engine service and impeller"), `the record lists the entries:\n${text}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await context.close();
  }
});

test("a signed-in user who does not own the vessel is refused on the upload page", async () => {
  const owner = await newPage(browser);
  const stranger = await newPage(browser);
  try {
    await signIn(owner.page, OWNER_EMAIL, OWNER_PASSWORD);
    await waitForPath(owner.page, "/dashboard");
    const { platformId } = await registerPaidVessel(owner.page, "Not Yours");

    // A guest is asked to sign in.
    await stranger.page.goto(`/registry/${platformId}/upload-documents`);
    await stranger.page.getByRole("heading", { name: "Authentication Required" }).waitFor();
    await stranger.page.locator("#main-content").getByRole("link", { name: "Sign In" }).waitFor();

    // Someone else signed in: Access Denied, as the server says.
    const email = `e2e-stranger-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
    await stranger.page.goto("/signup");
    await stranger.page.getByLabel("Email", { exact: true }).fill(email);
    await stranger.page.getByLabel("Password", { exact: true }).fill("harbour-lights-42");
    await stranger.page.getByLabel("Confirm Password", { exact: true }).fill("harbour-lights-42");
    await stranger.page.getByRole("checkbox", { name: /I accept the Terms of Service/ }).click();
    await stranger.page.getByRole("button", { name: "Create Account", exact: true }).click();
    await toast(stranger.page, "Account Created").waitFor();
    await signIn(stranger.page, email, "harbour-lights-42");
    await waitForPath(stranger.page, "/dashboard");
    await stranger.page.goto(`/registry/${platformId}/upload-documents`);
    await stranger.page.getByRole("heading", { name: "Access Denied" }).waitFor();
    await stranger.page.getByText("You must be the current owner to upload documents for this vessel.").waitFor();
    assert.equal(
      await stranger.page.getByRole("link", { name: "Back to Vessel" }).getAttribute("href"),
      `/registry/${platformId}`,
    );
  } finally {
    await owner.context.close();
    await stranger.context.close();
  }
});
