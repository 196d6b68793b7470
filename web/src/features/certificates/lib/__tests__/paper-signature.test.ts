import { describe, expect, it } from "vitest";
import { checkPaperSignature, signatureFromFragment } from "@/features/certificates/lib/paper-signature";

function base64(bytes: ArrayBuffer | Uint8Array, url = false): string {
  const text = btoa(String.fromCharCode(...new Uint8Array(bytes)));
  return url ? text.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "") : text;
}

describe("the QR code's signature", () => {
  it("is read from the fragment only when it is base64url", () => {
    expect(signatureFromFragment("#sig=abc-_09")).toBe("abc-_09");
    expect(signatureFromFragment("")).toBeNull();
    expect(signatureFromFragment("#sig=<script>")).toBeNull();
  });

  it("matches the signed data it was made over, and nothing else", async () => {
    const pair = await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"]);
    const data = '{"serial":"ESRC-0000-0000-0000-0001","lengthCm":1099}';
    const signature = await crypto.subtle.sign({ name: "Ed25519" }, pair.privateKey, new TextEncoder().encode(data));
    const publicKey = base64(await crypto.subtle.exportKey("raw", pair.publicKey));
    expect(await checkPaperSignature(base64(signature, true), data, publicKey)).toBe("matches");
    expect(await checkPaperSignature(base64(signature, true), data.replace("1099", "1299"), publicKey)).toBe("differs");
    expect(await checkPaperSignature("AAAA", data, publicKey)).toBe("differs");
  });
});
