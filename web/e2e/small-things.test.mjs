import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  BASE_URL,
  launchBrowser,
  newPage,
  openTransferWizard,
  randomMobile,
  signIn,
  smsCode,
  takenOver,
  toast,
  uniqueEmail,
  waitForPath,
} from "./helpers.mjs";

// The smaller things people noticed: a language chosen before signing in, the code boxes taking
// the focus, the header on a phone and the banner of an unverified email.

const PASSWORD = "harbour-lights-42";
// The demo owner seeded by the server (verified email).
const OWNER_EMAIL = "owner@registry.test";
const OWNER_PASSWORD = "sloop-owner-2025";
const TRANSFER_CODE = /code to receive .* is (\d{6})/;

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** An account made through the API (in English), not signed in; its email is not verified. */
async function newAccount(page) {
  const email = uniqueEmail("small");
  const response = await page.request.post(`${BASE_URL}/api/auth/register`, {
    data: { email, password: PASSWORD },
    headers: { "Accept-Language": "en" },
  });
  assert.equal(response.status(), 201, await response.text());
  return email;
}

/** The signed-in account as the server holds it. */
async function sessionUser(page) {
  const response = await page.request.get(`${BASE_URL}/api/auth/session`);
  return (await response.json()).user;
}

/** Whether the element the locator finds has the focus. */
function hasFocus(locator) {
  return locator.evaluate((element) => element === element.ownerDocument.activeElement);
}

test("a language chosen on /login before signing in becomes the account's language", async () => {
  const { context, page } = await newPage(browser);
  try {
    const email = await newAccount(page);
    await page.goto("/login");
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: /Language/ }).click();
    await page.getByRole("menuitemradio", { name: /Deutsch/ }).click();
    await page.getByRole("heading", { level: 1, name: "Anmelden" }).waitFor();

    await page.getByLabel("E-Mail", { exact: true }).fill(email);
    await page.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
    await page.getByRole("main").getByRole("button", { name: "Anmelden", exact: true }).click();
    await waitForPath(page, "/dashboard");

    // The account now speaks German, and the page stays German (it did not switch back to English).
    const deadline = Date.now() + 10_000;
    while ((await sessionUser(page)).language !== "de") {
      assert.ok(Date.now() < deadline, "the account's language became German");
      await page.waitForTimeout(200);
    }
    await header.getByRole("button", { name: "Abmelden" }).waitFor();
    assert.equal(await page.locator("html").getAttribute("lang"), "de");
    await page.reload();
    await header.getByRole("button", { name: "Abmelden" }).waitFor();
    assert.equal(await page.locator("html").getAttribute("lang"), "de");
  } finally {
    await context.close();
  }
});

test("after 'Send Verification SMS' the code is typed at once, and the right code ends 'Verification Failed'", async () => {
  const { context, page } = await newPage(browser);
  try {
    const name = `Focus Sloop ${Math.random().toString(36).slice(2, 7)}`;
    const buyerPhone = randomMobile();
    await openTransferWizard(page, name, OWNER_EMAIL, OWNER_PASSWORD);
    await page.getByLabel("Country code", { exact: true }).selectOption("+31");
    await page.getByLabel("New owner's mobile number", { exact: true }).fill(`0${buyerPhone.slice(3)}`);
    await page.getByRole("checkbox", { name: /I confirm that I am transferring ownership/ }).click();
    await page.getByRole("button", { name: "Send Verification SMS" }).click();
    await page.getByRole("heading", { name: "SMS Verification" }).waitFor();

    // Nothing clicked: the first box has the focus, and the digits land in the boxes.
    const firstBox = page.getByRole("textbox", { name: "Digit 1 of 6" });
    await page.waitForFunction(() => globalThis.document.activeElement?.getAttribute("aria-label") === "Digit 1 of 6");
    const code = await smsCode(page.request, buyerPhone, TRANSFER_CODE);
    const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
    await page.keyboard.type(wrong);
    assert.equal(await page.getByRole("textbox", { name: "Digit 6 of 6" }).inputValue(), wrong[5]);
    await page.getByRole("button", { name: "Verify & Continue" }).click();
    const failed = toast(page, "Verification Failed");
    await failed.waitFor();

    // The boxes are empty again with the focus in the first: the right code, then the fee.
    await page.waitForFunction(() => globalThis.document.activeElement?.getAttribute("aria-label") === "Digit 1 of 6");
    assert.equal(await firstBox.inputValue(), "");
    await page.keyboard.type(code);
    await page.getByRole("button", { name: "Verify & Continue" }).click();
    await page.getByRole("heading", { name: "Transfer Fee Payment" }).waitFor();
    // The failure is over: its toast goes now, well before its five seconds.
    await failed.waitFor({ state: "detached", timeout: 2_000 });
  } finally {
    await context.close();
  }
});

test("on a phone the header is one row, the rest behind a 'Menu' button", async () => {
  const { context, page } = await newPage(browser);
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    // Keys pressed before the app has taken the page over would go nowhere.
    await takenOver(page);
    const header = page.getByRole("banner");
    const menu = header.getByRole("button", { name: "Menu" });
    await menu.waitFor();
    const height = await header.evaluate((element) => element.getBoundingClientRect().height);
    assert.ok(height <= 70, `the header is ${height} px high`);
    assert.equal(await header.getByRole("link", { name: "How it Works" }).count(), 0);
    assert.equal(await menu.getAttribute("aria-expanded"), "false");

    // With the keyboard: it opens on its first link, Escape closes it and the focus is back.
    await menu.focus();
    await page.keyboard.press("Enter");
    await header.getByRole("button", { name: "Menu", expanded: true }).waitFor();
    const registry = header.getByRole("link", { name: "Registry", exact: true });
    await page.waitForFunction(() => globalThis.document.activeElement?.textContent === "Registry");
    await header.getByRole("link", { name: "How it Works" }).waitFor();
    await header.getByRole("link", { name: "Sign In" }).waitFor();
    await page.keyboard.press("Escape");
    await header.getByRole("button", { name: "Menu", expanded: false }).waitFor();
    assert.ok(await hasFocus(menu), "Escape gives the focus back to the button");
    assert.equal(await registry.count(), 0);

    // A link followed closes it.
    await menu.click();
    await registry.click();
    await waitForPath(page, "/registry");
    await page.getByRole("heading", { level: 1, name: "Search the Public Registry" }).waitFor();
    assert.equal(await menu.getAttribute("aria-expanded"), "false");

    // On a wide screen nothing changed: one row with every link, no 'Menu'.
    await page.setViewportSize({ width: 1280, height: 800 });
    await header.getByRole("link", { name: "How it Works" }).waitFor();
    assert.equal(await menu.isVisible(), false);
    const wide = await header.evaluate((element) => element.getBoundingClientRect().height);
    assert.ok(wide <= 70, `the header is ${wide} px high on a wide screen`);
  } finally {
    await context.close();
  }
});

test("an account with an unverified email is told so, and 'Resend' sends the link again", async () => {
  const { context, page } = await newPage(browser);
  try {
    const email = await newAccount(page);
    await signIn(page, email, PASSWORD);
    await toast(page, "Welcome back!").waitFor();
    const banner = page.getByRole("region", { name: "Your email address is not verified" });
    await banner.waitFor();
    await banner.getByText(`Confirm it with the link we sent to ${email}.`).waitFor();

    const mails = async () => {
      const messages = await (await page.request.get(`${BASE_URL}/api/dev/mailbox`)).json();
      return messages.filter((m) => m.channel === "email" && m.to === email).length;
    };
    const before = await mails();
    await banner.getByRole("button", { name: "Resend" }).click();
    await banner.getByRole("status").getByText(`A new link is on its way to ${email}.`).waitFor();
    const deadline = Date.now() + 10_000;
    while ((await mails()) <= before) {
      assert.ok(Date.now() < deadline, "a new verification email in the dev mailbox");
      await page.waitForTimeout(300);
    }
    assert.equal(await banner.getByRole("button", { name: "Resend" }).isDisabled(), true);
  } finally {
    await context.close();
  }
});
