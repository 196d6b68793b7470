/**
 * The signature the certificate's QR code carries (`/verify/{serial}#sig=<base64url>`), checked in
 * the browser against the registry's Ed25519 public key and the signed data: the fragment never
 * reaches a server, so what the paper says is checked with the key, not taken from the page.
 */

export type PaperSignature = "matches" | "differs" | "unchecked";

/** The `sig` of a `#sig=…` fragment, or null. */
export function signatureFromFragment(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const sig = params.get("sig");
  return sig && /^[A-Za-z0-9_-]+$/.test(sig) ? sig : null;
}

function bytesFromBase64(text: string): Uint8Array<ArrayBuffer> {
  const standard = text.replace(/-/g, "+").replace(/_/g, "/");
  const padded = standard + "=".repeat((4 - (standard.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Whether `paperSignature` (base64url, from the QR code) is the registry's signature over
 * `signedData`, with `publicKey` (raw 32 bytes, base64). "unchecked" where the browser has no
 * Ed25519 in Web Crypto.
 */
export async function checkPaperSignature(
  paperSignature: string,
  signedData: string,
  publicKey: string,
): Promise<PaperSignature> {
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey("raw", bytesFromBase64(publicKey), { name: "Ed25519" }, false, ["verify"]);
  } catch {
    return "unchecked";
  }
  try {
    const signature = bytesFromBase64(paperSignature);
    const data = new TextEncoder().encode(signedData);
    return (await crypto.subtle.verify({ name: "Ed25519" }, key, signature, data)) ? "matches" : "differs";
  } catch {
    return "differs";
  }
}
