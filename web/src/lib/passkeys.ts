import { useSyncExternalStore } from "react";
import i18n from "@/i18n";
import { ApiError, errorMessage } from "@/lib/api-client";

// The browser's side of passkeys (WebAuthn, docs/ACCOUNTS.md), shared by signing in, signing in
// again before a sensitive action, and adding a passkey on the profile. The server sends its
// options as JSON (base64url) and takes the browser's answer as `PublicKeyCredential.toJSON()`.

/** Options from a ceremony's start: `{publicKey: …}`, as `navigator.credentials` takes them in JSON. */
export type CreationOptions = { publicKey: PublicKeyCredentialCreationOptionsJSON };
export type RequestOptions = { publicKey: PublicKeyCredentialRequestOptionsJSON };
/** A credential's `toJSON()` as the server takes it (base64url fields); the DOM's own type is `any`. */
export type CredentialJSON = Record<string, unknown>;

/** Whether this browser can use passkeys: WebAuthn with its JSON helpers. */
export function passkeysSupported(): boolean {
  if (typeof window === "undefined" || typeof window.PublicKeyCredential !== "function") return false;
  const credential = window.PublicKeyCredential as Partial<typeof PublicKeyCredential>;
  return (
    typeof credential.parseRequestOptionsFromJSON === "function" && typeof credential.parseCreationOptionsFromJSON === "function"
  );
}

const noSubscription = () => () => undefined;

/**
 * `passkeysSupported()` for rendering. The HTML the server writes ahead (the sign-in page) offers
 * passkeys, as nearly every browser can use them, so the page does not move when the app takes
 * it over; a browser that cannot drops the offer then.
 */
export function usePasskeysSupported(): boolean {
  return useSyncExternalStore(noSubscription, passkeysSupported, () => true);
}

/** Raised when the browser answers a ceremony with nothing (as it does when the person cancels). */
function notAllowed(): DOMException {
  return new DOMException("No passkey was chosen.", "NotAllowedError");
}

/** Asks the browser for an assertion with one of the person's passkeys; its JSON for the server. */
export async function getPasskeyAssertion(options: RequestOptions): Promise<CredentialJSON> {
  const credential = await navigator.credentials.get({
    publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options.publicKey),
  });
  if (!(credential instanceof PublicKeyCredential)) throw notAllowed();
  return credential.toJSON() as CredentialJSON;
}

/** Asks the browser (or a phone, a security key) to make a new passkey; its JSON for the server. */
export async function createPasskeyCredential(options: CreationOptions): Promise<CredentialJSON> {
  const credential = await navigator.credentials.create({
    publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options.publicKey),
  });
  if (!(credential instanceof PublicKeyCredential)) throw notAllowed();
  return credential.toJSON() as CredentialJSON;
}

/**
 * What went wrong in a passkey ceremony, in the reader's language: the browser's refusal (the
 * person cancelled, or it timed out), a passkey this device already holds, or the server's message.
 */
export function passkeyErrorMessage(err: unknown, fallback = i18n.t("passkeys.errors.failed")): string {
  if (err instanceof ApiError) return errorMessage(err, fallback);
  // jsdom's DOMException is not an Error; a browser's is.
  if (err instanceof Error || err instanceof DOMException) {
    if (err.name === "NotAllowedError" || err.name === "AbortError") return i18n.t("passkeys.errors.notAllowed");
    if (err.name === "InvalidStateError") return i18n.t("passkeys.errors.invalidState");
  }
  return fallback;
}
