import { afterEach, describe, expect, it, vi } from "vitest";
import i18n from "@/i18n";
import { ApiError, apiFetch, errorMessage, fieldErrors, retryAfterSeconds } from "@/lib/api-client";

function stubFetch(response: Response) {
  const fn = vi.fn(() => Promise.resolve(response));
  vi.stubGlobal("fetch", fn);
  return fn;
}

describe("apiFetch", () => {
  it("sends cookies and a JSON body, and parses the JSON answer", async () => {
    const fetchMock = stubFetch(
      new Response(JSON.stringify({ message: "ok" }), { status: 200, headers: { "Content-Type": "application/json" } }),
    );
    const result = await apiFetch<{ message: string }>("/api/auth/login", {
      method: "POST",
      json: { email: "a@b.test", password: "secret" },
    });
    expect(result).toEqual({ message: "ok" });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe("/api/auth/login");
    expect(init.credentials).toBe("include");
    expect(init.body).toBe(JSON.stringify({ email: "a@b.test", password: "secret" }));
    expect(new Headers(init.headers).get("Content-Type")).toBe("application/json");
  });

  it("returns undefined for 204 No Content", async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiFetch("/api/auth/logout", { method: "POST" })).resolves.toBeUndefined();
  });

  it("raises '<status>: <response text>' and keeps the parsed error envelope", async () => {
    const body = { message: "Invalid email or password", code: "invalid_credentials" };
    stubFetch(new Response(JSON.stringify(body), { status: 401, statusText: "Unauthorized" }));
    const err = await apiFetch("/api/auth/login").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const apiError = err as ApiError;
    expect(apiError.message).toBe(`401: ${JSON.stringify(body)}`);
    expect(apiError.status).toBe(401);
    expect(apiError.body).toEqual(body);
    expect(errorMessage(apiError, "fallback")).toBe("Invalid email or password");
  });

  it("uses the status text when the error body is empty", async () => {
    stubFetch(new Response("", { status: 503, statusText: "Service Unavailable" }));
    const err = (await apiFetch("/api/stats").catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe("503: Service Unavailable");
    expect(err.body).toBeNull();
    expect(errorMessage(err, "Something went wrong")).toBe("Something went wrong");
  });

  it("keeps plain-text error bodies in the message only", async () => {
    stubFetch(new Response("upstream timeout", { status: 502, statusText: "Bad Gateway" }));
    const err = (await apiFetch("/api/stats").catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe("502: upstream timeout");
    expect(err.body).toBeNull();
  });

  it("exposes field errors from a 422 envelope", async () => {
    const body = { message: "Validation failed", code: "unprocessable", fields: { email: ["Email is already registered"] } };
    stubFetch(new Response(JSON.stringify(body), { status: 422, statusText: "Unprocessable Entity" }));
    const err = await apiFetch("/api/auth/register").catch((e: unknown) => e);
    expect(fieldErrors(err)).toEqual({ email: ["Email is already registered"] });
  });
});

describe("errorMessage", () => {
  it("falls back for errors that are not API errors", () => {
    expect(errorMessage(new TypeError("Failed to fetch"), "Network problem")).toBe("Network problem");
    expect(errorMessage(undefined, "Network problem")).toBe("Network problem");
  });
});

describe("retryAfterSeconds", () => {
  it("reads the Retry-After header of a 429 in seconds", async () => {
    const body = { message: "A code was sent a moment ago. You can ask for a new one in 42 seconds.", code: "too_many_requests" };
    stubFetch(new Response(JSON.stringify(body), { status: 429, headers: { "Retry-After": "42" } }));
    const err = await apiFetch("/api/profile/phone/send-code", { method: "POST" }).catch((e: unknown) => e);
    expect(retryAfterSeconds(err)).toBe(42);
    expect(errorMessage(err, "fallback")).toBe(body.message);
  });

  it("is null without the header, and for errors that are not API errors", async () => {
    stubFetch(new Response("{}", { status: 400 }));
    const err = await apiFetch("/api/stats").catch((e: unknown) => e);
    expect(retryAfterSeconds(err)).toBeNull();
    expect(retryAfterSeconds(new Error("x"))).toBeNull();
  });
});

describe("server messages in the reader's language", () => {
  const envelope = (body: object) => new ApiError(422, "Unprocessable Entity", JSON.stringify(body));

  afterEach(async () => {
    await i18n.changeLanguage("en");
  });

  it("sends the reader's language and shows a known code's text in it", async () => {
    await i18n.changeLanguage("de");
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await apiFetch("/api/auth/logout", { method: "POST" });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get("Accept-Language")).toBe("de");

    const err = envelope({
      message: "Invalid email address",
      code: "validation_failed",
      messageCode: "invalid_email_address",
      fields: { email: ["Invalid email address"], cin: ["Build year must be between 1900 and 2027"] },
      fieldCodes: { email: ["invalid_email_address"], cin: ["build_year_range"] },
    });
    const german = errorMessage(err, "fallback");
    expect(german).not.toBe("Invalid email address");
    expect(german).toBe(i18n.t("server.invalid_email_address"));
    expect(fieldErrors(err).email).toEqual([german]);
    // A field message whose values the envelope does not carry stays the server's (already localized) text.
    expect(fieldErrors(err).cin).toEqual(["Build year must be between 1900 and 2027"]);
  });

  it("fills a message's values and plural from `args`, and keeps the server's text for an unknown code", async () => {
    await i18n.changeLanguage("fr");
    const wrong = (count: number) =>
      errorMessage(
        envelope({ message: "x", code: "wrong_code", messageCode: "wrong_code", args: { count: String(count) } }),
        "fallback",
      );
    expect(wrong(3)).toContain("3");
    expect(wrong(1)).not.toBe(wrong(3).replace("3", "1"));
    const unknown = envelope({ message: "Le serveur a dit ceci.", code: "conflict", messageCode: "a_code_from_a_newer_server" });
    expect(errorMessage(unknown, "fallback")).toBe("Le serveur a dit ceci.");
  });
});
