import { afterEach, describe, expect, it, vi } from "vitest";
import i18n from "@/i18n";
import {
  ApiError,
  apiDownload,
  apiFetch,
  errorMessage,
  fieldErrors,
  needsReauthentication,
  retryAfterSeconds,
  setReauthenticationHandler,
} from "@/lib/api-client";

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

describe("a sensitive action after an old sign-in", () => {
  const refusal = () =>
    new Response(
      JSON.stringify({
        code: "reauthentication_required",
        messageCode: "reauthentication_required",
        message: "For your safety, confirm it is you: sign in again (password or passkey) to continue.",
      }),
      { status: 403, statusText: "Forbidden" },
    );
  const created = () => new Response(JSON.stringify({ id: "tr-1" }), { status: 201 });

  let unregister: (() => void) | undefined;
  afterEach(() => {
    unregister?.();
    unregister = undefined;
  });

  it("asks the person to sign in again, then sends the same request once more and answers its result", async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(refusal()).mockResolvedValueOnce(created());
    vi.stubGlobal("fetch", fetchMock);
    const handler = vi.fn(() => Promise.resolve(true));
    unregister = setReauthenticationHandler(handler);

    const body = { vesselId: "v-1", toPhoneE164: "+31612345678" };
    await expect(apiFetch("/api/transfers/initiate", { method: "POST", json: body })).resolves.toEqual({ id: "tr-1" });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [first, second] = fetchMock.mock.calls as [string, RequestInit][];
    expect(second[0]).toBe("/api/transfers/initiate");
    expect(second[1].method).toBe("POST");
    expect(second[1].body).toBe(JSON.stringify(body));
    expect(second[1].body).toBe(first[1].body);
  });

  it("sends a FormData body again as it was", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(refusal())
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetchMock);
    unregister = setReauthenticationHandler(() => Promise.resolve(true));
    const form = new FormData();
    form.append("name", "Sea Breeze");
    await apiFetch("/api/admin/something", { method: "POST", body: form });
    const [, second] = fetchMock.mock.calls as [string, RequestInit][];
    expect(second[1].body).toBe(form);
  });

  it("throws the refusal when the person cancels, without sending the request again", async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(refusal());
    vi.stubGlobal("fetch", fetchMock);
    unregister = setReauthenticationHandler(() => Promise.resolve(false));
    const err = await apiFetch("/api/profile", { method: "DELETE" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(403);
    expect(needsReauthentication(err)).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("throws the refusal when nothing is registered to ask, or the handler fails", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(refusal()));
    expect(needsReauthentication(await apiFetch("/api/profile", { method: "DELETE" }).catch((e: unknown) => e))).toBe(true);
    unregister = setReauthenticationHandler(() => Promise.reject(new Error("dialog failed")));
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(refusal()));
    expect(needsReauthentication(await apiFetch("/api/profile", { method: "DELETE" }).catch((e: unknown) => e))).toBe(true);
  });

  it("repeats only once: a second refusal is thrown", async () => {
    const fetchMock = vi.fn(() => Promise.resolve(refusal()));
    vi.stubGlobal("fetch", fetchMock);
    const handler = vi.fn(() => Promise.resolve(true));
    unregister = setReauthenticationHandler(handler);
    const err = await apiFetch("/api/profile", { method: "DELETE" }).catch((e: unknown) => e);
    expect(needsReauthentication(err)).toBe(true);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("asks once for requests refused at the same time, and repeats each", async () => {
    const fetchMock = vi.fn((path: string) =>
      Promise.resolve(fetchMock.mock.calls.filter(([p]) => p === path).length === 1 ? refusal() : created()),
    );
    vi.stubGlobal("fetch", fetchMock);
    let answer: (ok: boolean) => void = () => undefined;
    const handler = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    unregister = setReauthenticationHandler(handler);
    const both = Promise.all([apiFetch("/api/a", { method: "POST" }), apiFetch("/api/b", { method: "POST" })]);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    answer(true);
    await expect(both).resolves.toEqual([{ id: "tr-1" }, { id: "tr-1" }]);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it("leaves other 403s alone", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(
        new Response(JSON.stringify({ code: "forbidden", messageCode: "passkey_required", message: "Add a passkey" }), {
          status: 403,
        }),
      ),
    );
    const handler = vi.fn(() => Promise.resolve(true));
    unregister = setReauthenticationHandler(handler);
    const err = await apiFetch("/api/admin/x", { method: "POST" }).catch((e: unknown) => e);
    expect((err as ApiError).status).toBe(403);
    expect(handler).not.toHaveBeenCalled();
  });

  it("repeats a download too", async () => {
    const file = new Response("{}", {
      status: 200,
      headers: { "Content-Disposition": 'attachment; filename="registry-personal-data.json"' },
    });
    const fetchMock = vi.fn().mockResolvedValueOnce(refusal()).mockResolvedValueOnce(file);
    vi.stubGlobal("fetch", fetchMock);
    unregister = setReauthenticationHandler(() => Promise.resolve(true));
    const downloaded = await apiDownload("/api/profile/export");
    expect(downloaded.fileName).toBe("registry-personal-data.json");
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
