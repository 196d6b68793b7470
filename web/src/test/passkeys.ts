import { vi } from "vitest";

// A stand-in for the browser's WebAuthn (jsdom has none): PublicKeyCredential with its JSON helpers,
// and navigator.credentials answering with a credential whose toJSON() is `json`.

export const ASSERTION_JSON = {
  id: "cred-1",
  rawId: "cred-1",
  type: "public-key",
  response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA", userHandle: "dXNlcg" },
  clientExtensionResults: {},
};

export const ATTESTATION_JSON = {
  id: "cred-2",
  rawId: "cred-2",
  type: "public-key",
  response: { clientDataJSON: "e30", attestationObject: "AA", transports: ["internal"] },
  clientExtensionResults: {},
};

class FakePublicKeyCredential {
  constructor(private readonly json: object) {}
  toJSON() {
    return this.json;
  }
  static parseRequestOptionsFromJSON(options: object) {
    return { ...options, parsed: "request" };
  }
  static parseCreationOptionsFromJSON(options: object) {
    return { ...options, parsed: "creation" };
  }
}

/**
 * Makes passkeys available: `get` and `create` answer with a credential (or reject with `error`,
 * e.g. a DOMException "NotAllowedError" when the person cancels). Undone by vi.unstubAllGlobals.
 */
export function stubPasskeys({ error }: { error?: Error } = {}) {
  const answer = (json: object) => () =>
    error ? Promise.reject(error) : Promise.resolve(new FakePublicKeyCredential(json) as unknown as Credential);
  const credentials = {
    get: vi.fn(answer(ASSERTION_JSON)),
    create: vi.fn(answer(ATTESTATION_JSON)),
  };
  vi.stubGlobal("PublicKeyCredential", FakePublicKeyCredential);
  vi.stubGlobal("navigator", Object.assign(Object.create(navigator) as Navigator, { credentials }));
  return credentials;
}
