import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { after, before, test } from "node:test";
import { addPasskeyOnProfile, addVirtualAuthenticator } from "./passkeys.mjs";
import {
  launchBrowser,
  newPage,
  randomMobile,
  registerPaidVessel,
  resetPath,
  signIn,
  signUpAndIn,
  toast,
  uniqueEmail,
  uploadPdf,
  waitForPath,
} from "./helpers.mjs";

// Accounts worth a boat (docs/ACCOUNTS.md): passkeys on the profile and the sign-in page, password
// sign-in turned off and a lost passkey replaced with the reset link, the dialog that asks to sign
// in again before a sensitive action and then does it, and the download of everything the registry
// holds about a person, with their documents' files.

const PASSWORD = "harbour-lights-42";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/**
 * Makes the account's sign-ins an hour old, as if the person had signed in long ago: no server
 * route does that, so the test writes the database scripts/e2e.sh names (REGISTRY_DB_PATH).
 */
function ageSignIns(email) {
  const db = process.env.REGISTRY_DB_PATH;
  assert.ok(db, "REGISTRY_DB_PATH names the server's SQLite database (scripts/e2e.sh sets it)");
  const script = [
    "import sqlite3, sys",
    "c = sqlite3.connect(sys.argv[1], timeout=10)",
    "n = c.execute('UPDATE sessions SET authenticated_at = authenticated_at - 3600000 " +
      "WHERE user_id IN (SELECT id FROM users WHERE lower(email) = lower(?))', (sys.argv[2],)).rowcount",
    "c.commit()",
    "print(n)",
  ].join("\n");
  const updated = Number(execFileSync("python3", ["-c", script, db, email], { encoding: "utf8" }).trim());
  assert.ok(updated > 0, `the sign-ins of ${email} are aged`);
}

/** Signs out with the header's button. */
async function signOut(page) {
  await page.getByRole("banner").getByRole("button", { name: "Sign Out", exact: true }).click();
  await waitForPath(page, "/");
}

test("a person adds a passkey on the profile, signs out, and signs in with it without typing an email", async () => {
  const { context, page } = await newPage(browser);
  try {
    const authenticator = await addVirtualAuthenticator(page);
    const email = uniqueEmail("passkey");
    await signUpAndIn(page, email, PASSWORD);

    await addPasskeyOnProfile(page, "Laptop");
    const passkey = page.getByRole("list", { name: "Your passkeys" }).getByRole("listitem").filter({ hasText: "Laptop" });
    await passkey.getByText("Not used yet").waitFor();
    assert.equal((await authenticator.credentials()).length, 1, "the authenticator holds the new passkey");

    // This browser is listed among the sessions as the current one.
    const sessions = page.getByRole("region", { name: "Sessions" });
    await sessions.getByRole("list", { name: "Your sessions" }).getByText("This browser", { exact: true }).waitFor();

    await signOut(page);
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await toast(page, "Welcome back!").waitFor();
    await waitForPath(page, "/dashboard");
    const session = await (await page.request.get("/api/auth/session")).json();
    assert.equal(session.user.email, email);
    assert.equal(session.user.passkeyCount, 1);

    // The profile says it has been used now.
    await page.goto("/profile");
    await page
      .getByRole("list", { name: "Your passkeys" })
      .getByRole("listitem")
      .filter({ hasText: "Laptop" })
      .getByText(/Last used /)
      .waitFor();
  } finally {
    await context.close();
  }
});

test("a person turns password sign-in off, and after losing the passkey adds a new one with the reset link", async () => {
  const { context, page } = await newPage(browser);
  try {
    const authenticator = await addVirtualAuthenticator(page);
    const email = uniqueEmail("passkey-only");
    await signUpAndIn(page, email, PASSWORD);
    await addPasskeyOnProfile(page, "Old phone");

    const passkeys = page.getByRole("region", { name: "Passkeys" });
    await passkeys.getByRole("button", { name: "Turn off password sign-in" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Sign in with passkeys only?" });
    await confirm.getByRole("button", { name: "Turn off password sign-in" }).click();
    await toast(page, "You now sign in with a passkey only").waitFor();
    await passkeys.getByText(/Password sign-in is off/).waitFor();

    // The password no longer signs in, and the page says why.
    await signOut(page);
    await signIn(page, email, PASSWORD);
    await toast(page, "This account signs in with a passkey, not a password.").waitFor();

    // The passkey is lost: the reset email's link adds a new one instead of a password.
    await authenticator.clear();
    await page.goto("/forgot-password");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByText("If an account exists for that email, we have sent a link to reset the password.").first().waitFor();
    const link = await resetPath(page.request, email);
    assert.match(link, /&passkey=1$/, "the link opens the page in its passkey mode");
    await page.goto(link);
    await page.getByRole("heading", { name: "Add a New Passkey" }).waitFor();
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await toast(page, "Passkey added").waitFor();
    await waitForPath(page, "/profile");
    assert.equal((await authenticator.credentials()).length, 1, "the authenticator holds the new passkey");
    const listed = page.getByRole("list", { name: "Your passkeys" }).getByRole("listitem");
    await listed.filter({ hasText: "Old phone" }).waitFor();
    await listed.filter({ hasText: /^Passkey/ }).waitFor();

    // The new passkey signs in.
    await signOut(page);
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await waitForPath(page, "/dashboard");
    const session = await (await page.request.get("/api/auth/session")).json();
    assert.equal(session.user.email, email);
    assert.equal(session.user.passwordSignIn, false);
  } finally {
    await context.close();
  }
});

test("an hour after signing in, starting a transfer asks for the passkey, then goes through as it was typed", async () => {
  const { context, page } = await newPage(browser);
  try {
    await addVirtualAuthenticator(page);
    const email = uniqueEmail("reauth");
    await signUpAndIn(page, email, PASSWORD);
    await addPasskeyOnProfile(page, "Phone");
    const name = `Second Look ${Math.random().toString(36).slice(2, 7)}`;
    const vessel = await registerPaidVessel(page, name);
    ageSignIns(email);

    await page.goto(`/transfer/${vessel.id}`);
    await page.getByRole("heading", { name: "New Owner", level: 2 }).waitFor();
    const prefix = page.getByLabel("Country code", { exact: true });
    await prefix.locator('option[value="+31"]').waitFor({ state: "attached" });
    await prefix.selectOption("+31");
    const buyer = randomMobile();
    await page.getByLabel("New owner's mobile number", { exact: true }).fill(`0${buyer.slice(3)}`);
    await page.getByRole("checkbox", { name: /I confirm that I am transferring ownership/ }).click();

    const initiations = [];
    page.on("response", (r) => {
      if (r.url().endsWith("/api/transfers/initiate")) initiations.push(r.status());
    });
    await page.getByRole("button", { name: "Send Verification SMS" }).click();

    // Refused (an old sign-in): the dialog asks; a passkey answers.
    const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Use a passkey" }).click();
    await dialog.waitFor({ state: "detached" });

    // The same request again, without anything typed twice.
    await toast(page, "Transfer Initiated").waitFor();
    await page.getByRole("heading", { name: "SMS Verification" }).waitFor();
    assert.deepEqual(initiations, [403, 201]);
  } finally {
    await context.close();
  }
});

test("the person downloads their data, after confirming their password, and it names their vessel", async () => {
  const { context, page } = await newPage(browser);
  try {
    const email = uniqueEmail("export");
    await signUpAndIn(page, email, PASSWORD);
    const vessel = await registerPaidVessel(page, `Export Yawl ${Math.random().toString(36).slice(2, 7)}`);
    ageSignIns(email);

    await page.goto("/profile");
    const data = page.getByRole("region", { name: "Your data" });
    await data.getByRole("button", { name: "Download my data" }).click();

    // The export needs a recent sign-in: this time the password answers.
    const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
    await dialog.getByLabel("Password", { exact: true }).fill("not-my-password");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.getByText("That password is not right.").waitFor();
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Confirm" }).click(),
    ]);
    await toast(page, "Your data was downloaded").waitFor();

    assert.equal(download.suggestedFilename(), "registry-personal-data.json");
    const exported = JSON.parse(await readFile(await download.path(), "utf8"));
    assert.equal(exported.account.email, email);
    const platformIds = exported.ownerships.map((o) => o.platformId.replaceAll("-", ""));
    assert.ok(platformIds.includes(vessel.platformId.replaceAll("-", "")), `the export names ${vessel.platformId}`);
    assert.ok(
      exported.sessions.some((s) => s.current),
      "the export lists this session",
    );
    assert.ok(Array.isArray(exported.passkeys) && Array.isArray(exported.payments) && exported.payments.length > 0);

    // With the files: a ZIP that Python's zipfile reads, holding the document as uploaded.
    await uploadPdf(page, vessel.id, "bill of sale.pdf");
    const [zip] = await Promise.all([
      page.waitForEvent("download"),
      data.getByRole("button", { name: "Download with my documents (ZIP)" }).click(),
    ]);
    assert.equal(zip.suggestedFilename(), "registry-personal-data.zip");
    const list = [
      "import json, sys, zipfile",
      "z = zipfile.ZipFile(sys.argv[1])",
      "assert z.testzip() is None",
      "print(json.dumps({n: len(z.read(n)) for n in z.namelist()}))",
    ].join("\n");
    const sizes = JSON.parse(execFileSync("python3", ["-c", list, await zip.path()], { encoding: "utf8" }));
    const names = Object.keys(sizes);
    assert.ok(names.includes("personal-data.json"), names.join(", "));
    assert.ok(
      names.some((n) => n.endsWith("-bill of sale.pdf") && sizes[n] > 0),
      `the document's file is in the ZIP: ${names.join(", ")}`,
    );
  } finally {
    await context.close();
  }
});
