import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { launchBrowser, newPage, pathname, signIn, signUp, toast, verificationPath, waitForPath } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test("sign up, verify email, sign in, archive the account and reuse the email", async () => {
  const { context, page } = await newPage(browser);
  try {
    const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const password = "harbour-lights-42";

    // Create the account: a toast confirms it and the app moves to the sign-in page.
    await signUp(page, email, password);
    await toast(page, "Account Created").waitFor();
    await waitForPath(page, "/login");

    // Follow the link from the verification email captured by the dev mailbox.
    const link = await verificationPath(page.request, email);
    await page.goto(link);
    await page.getByRole("heading", { name: "Email Verified!" }).waitFor();
    await page.getByRole("link", { name: "Go to Login" }).waitFor();

    // Sign in.
    await signIn(page, email, password);
    await toast(page, "Welcome back!").waitFor();
    await waitForPath(page, "/dashboard");
    await page.getByRole("button", { name: "Sign Out" }).waitFor();

    // Profile shows the account; archive it through the confirmation dialog.
    await page.getByRole("link", { name: "Profile", exact: true }).click();
    await waitForPath(page, "/profile");
    await page.getByText(email, { exact: true }).waitFor();
    await page.getByRole("button", { name: "Delete Account" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Are you absolutely sure?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await waitForPath(page, "/");
    await toast(page, "Account archived").waitFor();
    // Signed out now: the guest links are back.
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).waitFor();
    assert.equal(pathname(page), "/");

    // The same email can register again.
    await signUp(page, email, password);
    await toast(page, "Account Created").waitFor();
    await waitForPath(page, "/login");
  } finally {
    await context.close();
  }
});
