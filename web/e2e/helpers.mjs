// Shared set-up for the end-to-end journeys. They drive a system Chromium through
// playwright-core against an already running registry server (dev mode, so that
// GET /api/dev/mailbox exists). Nothing here downloads a browser.
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";

export const BASE_URL = (process.env.BASE_URL || "http://127.0.0.1:8080").replace(/\/+$/, "");

export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, "--disable-quic"],
  });
}

/** A fresh context (own cookies and localStorage) and page; English unless told otherwise. */
export async function newPage(browser) {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: "en-GB" });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Waits until the app has taken over the page the server sent as HTML (it is inert until then, and
 * its nodes may still be replaced). Playwright's own actions wait for it; a test that changes the
 * page's DOM itself must wait first.
 */
export function takenOver(page) {
  return page.waitForFunction(() => !globalThis.document.getElementById("root")?.hasAttribute("inert"));
}

/** The pathname of the page's current URL. */
export function pathname(page) {
  return new URL(page.url()).pathname;
}

export function waitForPath(page, path) {
  return page.waitForURL((url) => url.pathname === path);
}

/** A toast with this text in the notifications region (not the screen-reader announcement copy). */
export function toast(page, text) {
  return page.getByRole("region", { name: /Notifications|Meldingen/ }).getByText(text, { exact: true });
}

/** Fills and submits the sign-up form on /signup. */
export async function signUp(page, email, password) {
  await page.goto("/signup");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password", { exact: true }).fill(password);
  await page.getByRole("checkbox", { name: /I accept the Terms of Service/ }).click();
  await page.getByRole("button", { name: "Create Account", exact: true }).click();
}

/** Fills and submits the sign-in form on /login. */
export async function signIn(page, email, password) {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

const VERIFY_PATH = /\/verify-email\?token=[^\s"'<>)\]]+/;
const RESET_PATH = /\/reset-password\?token=[^\s"'<>)\]]+/;

/**
 * Polls the dev mailbox for the newest email to `address` with a link matching `pattern` and
 * returns that link's path and query (the host in the email may differ from BASE_URL).
 */
async function linkPathInMail(request, address, pattern, { timeoutMs = 15_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastStatus = 0;
  while (Date.now() < deadline) {
    const response = await request.get(`${BASE_URL}/api/dev/mailbox`);
    lastStatus = response.status();
    if (response.ok()) {
      const messages = await response.json();
      // The mailbox lists newest first; the first match is the newest.
      const message = messages.find(
        (m) => m.channel === "email" && String(m.to).toLowerCase() === address.toLowerCase() && pattern.test(m.body),
      );
      if (message) return message.body.match(pattern)[0].replace(/[.,;:!?]+$/, "");
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no email with ${pattern} for ${address} in the dev mailbox (last status ${lastStatus})`);
}

/** The path of the newest email verification link sent to `address`. */
export function verificationPath(request, address, options) {
  return linkPathInMail(request, address, VERIFY_PATH, options);
}

/** The path of the newest password reset (or passkey recovery) link sent to `address`. */
export function resetPath(request, address, options) {
  return linkPathInMail(request, address, RESET_PATH, options);
}

/** An email address no other run uses. */
export function uniqueEmail(who) {
  return `e2e-${who}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/**
 * Signs up (with a mobile number when given), confirms the email from the link it received (the
 * registry texts codes only for accounts with a confirmed email) and signs in.
 */
export async function signUpAndIn(page, email, password, phone) {
  await page.goto("/signup");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password", { exact: true }).fill(password);
  if (phone) await page.getByLabel("Phone Number (optional)", { exact: true }).fill(phone);
  await page.getByRole("checkbox", { name: /I accept the Terms of Service/ }).click();
  await page.getByRole("button", { name: "Create Account", exact: true }).click();
  await toast(page, "Account Created").waitFor();
  await waitForPath(page, "/login");
  await page.goto(await verificationPath(page.request, email));
  await page.getByRole("heading", { name: "Email Verified!" }).waitFor();
  await signIn(page, email, password);
  await toast(page, "Welcome back!").waitFor();
  await waitForPath(page, "/dashboard");
}

/** The text message that carries a code to verify an account's mobile number. */
export const PHONE_CODE = /code to verify this mobile number is (\d{6})/;

/** A valid Dutch mobile number no other run uses: "+316" and eight random digits. */
export function randomMobile() {
  // Dutch mobile numbers are 06 followed by 1-5 or 8 (06-6, 06-7, 06-9 and 06-0 are not
  // mobile numbers, and the server checks numbers against the numbering plan).
  let digits = "123458"[Math.floor(Math.random() * 6)];
  for (let i = 0; i < 7; i++) digits += Math.floor(Math.random() * 10);
  return `+316${digits}`;
}

/**
 * Polls the dev mailbox for the newest text message to `phone` whose body matches `pattern`
 * (its first group the code) and returns the code. Messages with an id in `except` are skipped,
 * so a code read before is never read again.
 */
export async function smsCode(request, phone, pattern, { except = new Set(), timeoutMs = 15_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastStatus = 0;
  while (Date.now() < deadline) {
    const response = await request.get(`${BASE_URL}/api/dev/mailbox`);
    lastStatus = response.status();
    if (response.ok()) {
      const messages = await response.json();
      // Newest first: the first match is the newest.
      const message = messages.find((m) => m.channel === "sms" && m.to === phone && !except.has(m.id) && pattern.test(m.body));
      if (message) {
        except.add(message.id);
        return message.body.match(pattern)[1];
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`no text message to ${phone} matching ${pattern} in the dev mailbox (last status ${lastStatus})`);
}

/** Types a one-time code into the six code boxes (the first box takes the focus, the rest follow). */
export async function typeCode(page, code) {
  await page.getByRole("textbox", { name: "Digit 1 of 6" }).click();
  await page.keyboard.type(code);
}

// CIN serial characters: letters and digits without I, O and Q.
const SERIAL_ALPHABET = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";

/** A CIN for a Bavaria built in 2019 (month C, production digit 9, model year 20) with a random serial. */
export function uniqueCin() {
  let serial = "";
  for (let i = 0; i < 5; i++) serial += SERIAL_ALPHABET[Math.floor(Math.random() * SERIAL_ALPHABET.length)];
  return `NL-BAV${serial}C920`;
}

/**
 * Registers and pays for a vessel as the signed-in user, through the API from inside the page
 * (its registration screens have their own journey), and waits until it is active.
 */
export async function registerPaidVessel(page, name) {
  return page.evaluate(
    async ({ name, cin }) => {
      const call = async (path, body) => {
        const response = await fetch(path, {
          method: body === undefined ? "GET" : "POST",
          credentials: "include",
          headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await response.text();
        if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
        return text ? JSON.parse(text) : null;
      };
      const vessel = await call("/api/vessels", {
        name,
        countryCode: "NL",
        phoneE164: "+31612345678",
        make: "Bavaria",
        model: "Cruiser 34",
        buildYear: 2019,
        lengthCm: 1099,
        cin,
        publicVisibility: true,
        forSale: true,
        identifiers: {},
      });
      const intent = await call("/api/payments/create-intent", { purpose: "registration", vesselId: vessel.id });
      await call("/api/payments/local/confirm", {
        clientSecret: intent.clientSecret,
        cardNumber: "4242 4242 4242 4242",
        expMonth: 12,
        expYear: 2034,
        cvc: "123",
      });
      for (let i = 0; i < 50; i++) {
        const payment = await call(`/api/payments/${intent.paymentId}`);
        if (payment.status === "succeeded") return { id: vessel.id, platformId: vessel.platformId };
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`the registration fee of ${vessel.platformId} never succeeded`);
    },
    { name, cin: uniqueCin() },
  );
}

/**
 * Signs in as `email`, registers and pays for a vessel named `name` (registerPaidVessel) and opens
 * its transfer wizard at 'New Owner', its country codes listed. Returns the vessel.
 */
export async function openTransferWizard(page, name, email, password) {
  await signIn(page, email, password);
  await toast(page, "Welcome back!").waitFor();
  const vessel = await registerPaidVessel(page, name);
  await page.goto(`/transfer/${vessel.id}`);
  await page.getByRole("heading", { name: "New Owner", level: 2 }).waitFor();
  await page.locator('#transfer-phone-prefix option[value="+31"]').waitFor({ state: "attached" });
  return vessel;
}

/** Uploads a tiny PDF for the vessel as the signed-in owner, through the API from inside the page. */
export async function uploadPdf(page, vesselId, fileName) {
  return page.evaluate(
    async ({ vesselId, fileName }) => {
      const pdf =
        "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n" +
        "trailer\n<< /Root 1 0 R >>\n%%EOF\n";
      const form = new FormData();
      form.append("vesselId", vesselId);
      form.append("documentType_0", "proof_of_purchase");
      form.append("files", new File([pdf], fileName, { type: "application/pdf" }), fileName);
      const response = await fetch("/api/documents/upload", { method: "POST", credentials: "include", body: form });
      if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
    },
    { vesselId, fileName },
  );
}
