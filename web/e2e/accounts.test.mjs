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
  signUpAndIn,
  toast,
  uniqueEmail,
  waitForPath,
} from "./helpers.mjs";

// Accounts worth a boat (docs/ACCOUNTS.md): passkeys on the profile and the sign-in page, the
// dialog that asks to sign in again before a sensitive action and then does it, and the download of
// everything the registry holds about a person.

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
  } finally {
    await context.close();
  }
});
