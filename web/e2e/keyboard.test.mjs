import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  launchBrowser,
  newPage,
  openTransferWizard,
  randomMobile,
  registerPaidVessel,
  signIn,
  smsCode,
  toast,
  uniqueCin,
  takenOver,
  waitForPath,
} from "./helpers.mjs";

// WCAG 2.1.1 Keyboard: the registration wizard, the seller's side of the transfer wizard and the
// upload page, done with the keyboard alone. Every control is reached with Tab from the page's
// start or from the control before it (tabTo fails, listing where the focus went, when it is not),
// and operated with Enter, Space, the arrow keys and typing; nothing is clicked or filled. Signing
// in goes through the usual form (helpers.mjs), which is not what these journeys are about.

// The demo owner seeded by the server (verified email).
const OWNER_EMAIL = "owner@registry.test";
const OWNER_PASSWORD = "sloop-owner-2025";

const PLATFORM_ID = /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/;
const TRANSFER_CODE = /code to receive .* is (\d{6})/;

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Whether the focused element is one of the locator's elements. */
function isFocused(locator) {
  return locator.evaluateAll((elements) => elements.some((element) => element === element.ownerDocument.activeElement));
}

/**
 * The focused element as a line of the accessibility tree (`textbox "Card number"`), for messages;
 * its tag and id when it has no role or name.
 */
async function focusedDescription(page) {
  const focused = page.locator(":focus");
  if ((await focused.count()) === 0) return "(nothing: the document itself)";
  const snapshot = await focused
    .first()
    .ariaSnapshot({ timeout: 1_000 })
    .catch(() => "");
  const line = snapshot.split("\n")[0].replace(/^- /, "").replace(/:$/, "").trim();
  if (line) return line;
  return focused.first().evaluate((element) => `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}>`);
}

/** `{ role, name }` or a locator: the locator. */
function targetLocator(page, target) {
  if (typeof target.evaluateAll === "function") return target;
  return page.getByRole(target.role, { name: target.name, exact: typeof target.name === "string" });
}

/**
 * Presses Tab until the focus is on `target` (a locator, or `{ role, name }` for one by role and
 * accessible name), at most `max` times, and returns its locator. Nothing is pressed when it has
 * the focus already. Gives up with the list of what the focus went through, so that a control the
 * keyboard cannot reach fails the journey.
 */
async function tabTo(page, target, max = 60) {
  const locator = targetLocator(page, target);
  if (await isFocused(locator)) return locator;
  const visited = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await isFocused(locator)) return locator;
    visited.push(await focusedDescription(page));
  }
  const wanted = typeof target.evaluateAll === "function" ? String(target) : `${target.role} "${target.name}"`;
  throw new Error(
    `Tab never reached ${wanted} in ${max} presses; the focus went through:\n` +
      visited.map((line, i) => `  ${i + 1}. ${line}`).join("\n"),
  );
}

/** Fails unless `target` has the focus (after a step, a navigation, a wrong code...). */
async function assertFocused(page, target, message) {
  const locator = targetLocator(page, target);
  assert.ok(await isFocused(locator), `${message}; the focus is on ${await focusedDescription(page)}`);
}

/** Waits (up to the page's timeout) until `target` has the focus: focus moved by the app after an async step. */
async function waitForFocus(page, target, message) {
  const locator = targetLocator(page, target);
  const deadline = Date.now() + 10_000;
  while (!(await isFocused(locator))) {
    if (Date.now() > deadline) assert.fail(`${message}; the focus is on ${await focusedDescription(page)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * In the focused native <select>, moves with ArrowDown/ArrowUp (which change a closed select's
 * value, as a keyboard user does) to the option whose value or visible text is given.
 */
async function chooseOption(page, { value, label }) {
  const state = () =>
    page.evaluate(
      ({ value, label }) => {
        const select = globalThis.document.activeElement;
        if (select?.tagName !== "SELECT") return null;
        const options = [...select.options];
        const target = options.findIndex((o) => (value !== undefined ? o.value === value : o.textContent.trim() === label));
        return { current: select.selectedIndex, target, count: options.length };
      },
      { value, label },
    );
  let now = await state();
  assert.ok(now, `a select has the focus, not ${await focusedDescription(page)}`);
  assert.ok(now.target >= 0, `the focused select has an option ${value ?? label}`);
  for (let i = 0; i < now.count && now.current !== now.target; i++) {
    await page.keyboard.press(now.target > now.current ? "ArrowDown" : "ArrowUp");
    now = await state();
  }
  assert.equal(now.current, now.target, `the arrow keys choose ${value ?? label} in ${await focusedDescription(page)}`);
}

/** Tabs to a text field and types into it. */
async function typeInto(page, target, text) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

/** Tabs to a checkbox and ticks it with Space. */
async function tick(page, target) {
  const checkbox = await tabTo(page, target);
  await page.keyboard.press("Space");
  assert.equal(await checkbox.isChecked(), true, `Space ticks ${await focusedDescription(page)}`);
}

/** Tabs to a button (or link) and presses Enter on it. */
async function press(page, target) {
  await tabTo(page, target);
  await page.keyboard.press("Enter");
}

/** The offline provider's card form (REGISTRY_PAYMENTS=local), from the step's heading on. */
async function payByKeyboard(page, amount) {
  await page.getByRole("form", { name: "Card payment" }).waitFor();
  await typeInto(page, { role: "textbox", name: "Card number" }, "4242 4242 4242 4242");
  await typeInto(page, { role: "textbox", name: "Expiry date" }, "12 / 34");
  await typeInto(page, { role: "textbox", name: "CVC" }, "123");
  await press(page, { role: "button", name: `Pay ${amount}` });
}

test("tabTo gives up, naming where the focus went, on a control the keyboard cannot reach", async () => {
  const { context, page } = await newPage(browser);
  try {
    await page.goto("/login");
    await takenOver(page);
    const submit = page.getByRole("button", { name: "Sign In", exact: true });
    await submit.evaluate((button) => button.setAttribute("tabindex", "-1"));
    await assert.rejects(tabTo(page, { role: "button", name: "Sign In" }, 20), (error) => {
      assert.match(error.message, /Tab never reached button "Sign In" in 20 presses/);
      assert.match(error.message, /textbox "Email"/);
      assert.match(error.message, /textbox "Password"/);
      return true;
    });
  } finally {
    await context.close();
  }
});

test("the demo owner registers and pays for a vessel with the keyboard alone", async () => {
  const { context, page } = await newPage(browser);
  try {
    await signIn(page, OWNER_EMAIL, OWNER_PASSWORD);
    await toast(page, "Welcome back!").waitFor();
    await waitForPath(page, "/dashboard");

    // From the top of the dashboard to its 'Register New Vessel'; the new page's heading takes the focus.
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Register New Vessel" }).waitFor();
    await press(page, { role: "link", name: "Register New Vessel" });
    await waitForPath(page, "/register-vessel");
    // (The tests run against the production build; under the Vite dev server's StrictMode, whose
    // effects run twice, the step's h2 would take it instead.)
    await waitForFocus(page, page.locator("main h1"), "the registration page's h1 takes the focus");

    // Step 1: Vessel Information.
    await page.getByRole("heading", { name: "Vessel Information" }).waitFor();
    await page.locator('#vessel-country option[value="NL"]').waitFor({ state: "attached" });
    await typeInto(page, { role: "textbox", name: "Vessel Name (optional)" }, "Keyboard Ketch");
    await tabTo(page, { role: "combobox", name: "Country" });
    await chooseOption(page, { value: "NL" });
    // The demo owner's number is verified on the account: the wizard shows it and asks nothing.
    await page.getByText(/Your verified mobile number \+31611111111/).waitFor();
    await typeInto(page, { role: "textbox", name: "Make" }, "Bavaria");
    await typeInto(page, { role: "textbox", name: "Model" }, "Cruiser 34");
    await typeInto(page, { role: "spinbutton", name: "Build Year" }, "2019");
    await typeInto(page, { role: "spinbutton", name: "Length (cm)" }, "1099");
    const publicCheckbox = await tabTo(page, { role: "checkbox", name: "Make this vessel publicly searchable" });
    assert.equal(await publicCheckbox.isChecked(), true);
    await press(page, { role: "button", name: "Continue to Identifiers" });

    // Step 2: Vessel Identification Numbers; the step's heading has the focus.
    const identifiers = page.getByRole("heading", { name: "Vessel Identification Numbers" });
    await identifiers.waitFor();
    await assertFocused(page, identifiers, "step 2's heading takes the focus");
    await typeInto(page, { role: "textbox", name: "CIN / HIN" }, uniqueCin());
    // Every identifier of the Netherlands: "I don't know", ticked with Space.
    const national = page.getByRole("region", { name: /^Identifiers for/ });
    const unknowns = national.getByRole("checkbox", { name: /I don't know/ });
    const count = await unknowns.count();
    assert.ok(count > 0, "the Netherlands has identifiers of its own");
    for (let i = 0; i < count; i++) await tick(page, unknowns.nth(i));
    await press(page, { role: "button", name: "Continue to Payment" });

    // Step 3: Complete Registration Payment, paid with the offline provider's card form.
    const paymentHeading = page.getByRole("heading", { name: "Complete Registration Payment" });
    await paymentHeading.waitFor();
    await assertFocused(page, paymentHeading, "step 3's heading takes the focus");
    const summary = page.getByRole("region", { name: "Registration summary" });
    const platformId = (await summary.getByText(PLATFORM_ID).textContent()).trim();
    await payByKeyboard(page, "€24.95");
    await toast(page, "Payment Successful").waitFor();
    await waitForPath(page, `/registry/${platformId}`);
    await page.getByRole("heading", { level: 1, name: "Keyboard Ketch" }).waitFor();
  } finally {
    await context.close();
  }
});

test("the seller transfers a vessel with the keyboard alone, typing the SMS code into the six boxes", async () => {
  const { context, page } = await newPage(browser);
  try {
    const name = `Keyboard Yawl ${Math.random().toString(36).slice(2, 7)}`;
    const buyerPhone = randomMobile();
    // Step 1: New Owner, from the page's start.
    await openTransferWizard(page, name, OWNER_EMAIL, OWNER_PASSWORD);
    await tabTo(page, { role: "combobox", name: "Country code" });
    await chooseOption(page, { value: "+31" });
    await typeInto(page, { role: "textbox", name: "New owner's mobile number" }, `0${buyerPhone.slice(3)}`);
    await tick(page, { role: "checkbox", name: /I confirm that I am transferring ownership/ });
    await press(page, { role: "button", name: "Send Verification SMS" });
    await toast(page, "Transfer Initiated").waitFor();

    // Step 2: SMS Verification; the first code box has the focus, so the code is typed at once.
    await page.getByRole("heading", { name: "SMS Verification" }).waitFor();
    const firstBox = { role: "textbox", name: "Digit 1 of 6" };
    await waitForFocus(page, firstBox, "step 2 puts the focus in the first code box");
    const code = await smsCode(page.request, buyerPhone, TRANSFER_CODE);
    const verify = { role: "button", name: "Verify & Continue" };

    // A mistyped code first: the boxes are emptied and the focus is back in the first one.
    const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
    await page.keyboard.type(wrong);
    await assertFocused(page, { role: "textbox", name: "Digit 6 of 6" }, "typing moves from box to box");
    await press(page, verify);
    await toast(page, "Verification Failed").waitFor();
    await waitForFocus(page, firstBox, "after a wrong code the focus is back in the first box");
    assert.equal(await page.getByRole("textbox", { name: "Digit 1 of 6" }).inputValue(), "");

    await page.keyboard.type(code);
    await press(page, verify);

    // Step 3: the transfer fee, paid by card.
    const paymentHeading = page.getByRole("heading", { name: "Transfer Fee Payment" });
    await paymentHeading.waitFor();
    await waitForFocus(page, paymentHeading, "step 3's heading takes the focus");
    await payByKeyboard(page, "€9.95");
    await toast(page, "Transfer Complete").waitFor();
    await waitForPath(page, "/dashboard");
  } finally {
    await context.close();
  }
});

test("the owner uploads a document with the keyboard alone, choosing the file from the file input", async () => {
  const { context, page } = await newPage(browser);
  try {
    await signIn(page, OWNER_EMAIL, OWNER_PASSWORD);
    await toast(page, "Welcome back!").waitFor();
    await waitForPath(page, "/dashboard");
    const { platformId } = await registerPaidVessel(page, `Keyboard Sloop ${Math.random().toString(36).slice(2, 7)}`);

    await page.goto(`/registry/${platformId}/upload-documents`);
    await page.getByRole("heading", { level: 1, name: "Upload Documents" }).waitFor();

    await tabTo(page, { role: "combobox", name: "Document Type" });
    await chooseOption(page, { label: "Proof of Purchase / Bill of Sale" });

    // The file input opens the file chooser on Space, as a keyboard user opens it. Waiting starts
    // before Tab gets there: Playwright intercepts the chooser only once it has told the browser so.
    const choosing = page.waitForEvent("filechooser");
    await tabTo(page, page.getByLabel("File", { exact: true }));
    await page.keyboard.press("Space");
    const chooser = await choosing;
    await chooser.setFiles({
      name: "keyboard-bill.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from(
        "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n" +
          "trailer\n<< /Root 1 0 R >>\n%%EOF\n",
        "latin1",
      ),
    });

    await press(page, { role: "button", name: "Add to Upload Queue" });
    await toast(page, "Document Added").waitFor();
    const queue = page.getByRole("list", { name: "Upload Queue" });
    await queue.getByText("keyboard-bill.pdf").waitFor();

    await press(page, { role: "button", name: "Upload All Documents" });
    await toast(page, "Documents Uploaded").waitFor();
    await waitForPath(page, `/registry/${platformId}`);
    const documents = page.getByRole("list", { name: "Documents" });
    await documents.waitFor();
    assert.equal(await documents.getByRole("listitem").count(), 1);
    await documents.getByText("Pending review").waitFor();
  } finally {
    await context.close();
  }
});
