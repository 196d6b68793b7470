// Shared set-up for the end-to-end journeys. They drive a system Chromium through
// playwright-core against an already running registry server (dev mode, so that
// GET /api/dev/mailbox exists). Nothing here downloads a browser.
import { chromium } from "playwright-core";

export const BASE_URL = (process.env.BASE_URL || "http://127.0.0.1:8080").replace(/\/+$/, "");

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

/** A fresh context (own cookies and localStorage) and page; English unless told otherwise. */
export async function newPage(browser) {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: "en-GB" });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
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

/**
 * Polls the dev mailbox for the newest email to `address` carrying a verification link and
 * returns that link's path and query (the host in the email may differ from BASE_URL).
 */
export async function verificationPath(request, address, { timeoutMs = 15_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastStatus = 0;
  while (Date.now() < deadline) {
    const response = await request.get(`${BASE_URL}/api/dev/mailbox`);
    lastStatus = response.status();
    if (response.ok()) {
      const messages = await response.json();
      // The mailbox lists newest first; the first match is the newest.
      const message = messages.find(
        (m) => m.channel === "email" && String(m.to).toLowerCase() === address.toLowerCase() && VERIFY_PATH.test(m.body),
      );
      if (message) return message.body.match(VERIFY_PATH)[0].replace(/[.,;:!?]+$/, "");
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no verification email for ${address} in the dev mailbox (last status ${lastStatus})`);
}
