// Passkeys in the browser tests: Chromium's DevTools virtual authenticator (WebAuthn domain), which
// answers navigator.credentials like a platform authenticator with the person present and verified.
// WebAuthn needs a host name for its relying party: scripts/seeded-server.sh serves on `localhost`.
import { toast } from "./helpers.mjs";

/**
 * Gives the page a virtual authenticator (discoverable credentials, user verification, presence
 * answered at once) and returns it, so a test can list the passkeys it holds.
 */
export async function addVirtualAuthenticator(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      ctap2Version: "ctap2_1",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    /** The credentials the authenticator holds. */
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
    /** Forgets every passkey it holds, as a lost phone would. */
    clear: () => cdp.send("WebAuthn.clearCredentials", { authenticatorId }),
  };
}

/** On the profile page, as the signed-in person: adds a passkey named `name` with the page's authenticator. */
export async function addPasskeyOnProfile(page, name) {
  await page.goto("/profile");
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await passkeys.getByLabel("Name (optional)", { exact: true }).fill(name);
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await toast(page, "Passkey added").waitFor();
  await passkeys.getByRole("list", { name: "Your passkeys" }).getByText(name, { exact: true }).waitFor();
}

/**
 * The signed-in administrator's changes are refused without a passkey (docs/ACCOUNTS.md): adds one
 * on the profile page (a virtual authenticator) unless the account holds one already. The demo
 * administrator is shared by the journeys, so the first to need it adds it.
 */
export async function ensurePasskey(page) {
  const session = await (await page.request.get("/api/auth/session")).json();
  if (!session.user) throw new Error("ensurePasskey: nobody is signed in");
  if (session.user.passkeyCount > 0) return;
  await addVirtualAuthenticator(page);
  await addPasskeyOnProfile(page, "E2E security key");
}
