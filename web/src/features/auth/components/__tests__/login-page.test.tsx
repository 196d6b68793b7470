import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { LoginPage } from "@/features/auth/components/login-page";
import { ASSERTION_JSON, stubPasskeys } from "@/test/passkeys";
import { jsonBody, jsonResponse, mockFetch, renderRoute } from "@/test/render";

const user = {
  id: "u1",
  role: "user",
  name: null,
  email: "skipper@example.test",
  phoneE164: null,
  emailVerifiedAt: "2025-01-01T00:00:00Z",
  phoneVerifiedAt: null,
  identityVerificationStatus: "not_started",
};

function renderLogin(path = "/login") {
  return renderRoute(<LoginPage />, { path, toaster: true });
}

describe("LoginPage", () => {
  it("shows the spec's validation messages", async () => {
    const fetchMock = mockFetch({ "GET /api/auth/session": jsonResponse(200, { user: null }) });
    renderLogin();
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Invalid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Invalid email address");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("accepts a 6-character password (older accounts keep working)", async () => {
    mockFetch({ "GET /api/auth/session": jsonResponse(200, { user: null }) });
    renderLogin();
    await userEvent.type(screen.getByLabelText("Password"), "abcde");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Password must be at least 6 characters")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Password"), "f");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(screen.queryByText("Password must be at least 6 characters")).not.toBeInTheDocument());
  });

  it("sends rememberMe, welcomes the user and goes to /dashboard", async () => {
    let sent: unknown;
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "POST /api/auth/login": (_url, init) => {
        sent = jsonBody(init);
        return jsonResponse(200, user);
      },
    });
    renderLogin();
    await userEvent.type(screen.getByLabelText("Email"), "skipper@example.test");
    await userEvent.type(screen.getByLabelText("Password"), "harbour-lights-42");
    await userEvent.click(screen.getByRole("checkbox", { name: "Remember me" }));
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Navigated to /dashboard")).toBeInTheDocument();
    expect((await screen.findAllByText("Welcome back!")).length).toBeGreaterThan(0);
    expect(sent).toEqual({ email: "skipper@example.test", password: "harbour-lights-42", rememberMe: true });
  });

  it("returns to a same-site ?next= path after signing in", async () => {
    mockFetch({ "GET /api/auth/session": jsonResponse(200, { user: null }), "POST /api/auth/login": jsonResponse(200, user) });
    renderLogin("/login?next=%2Fprofile");
    await userEvent.type(screen.getByLabelText("Email"), "skipper@example.test");
    await userEvent.type(screen.getByLabelText("Password"), "harbour-lights-42");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Navigated to /profile")).toBeInTheDocument();
  });

  it("shows 'Login Failed' with the server's message", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "POST /api/auth/login": jsonResponse(401, { message: "Invalid email or password", code: "invalid_credentials" }),
    });
    renderLogin();
    await userEvent.type(screen.getByLabelText("Email"), "skipper@example.test");
    await userEvent.type(screen.getByLabelText("Password"), "wrong-password");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect((await screen.findAllByText("Login Failed")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("Invalid email or password").length).toBeGreaterThan(0);
  });

  it("sends a signed-in user to /dashboard", async () => {
    mockFetch({ "GET /api/auth/session": jsonResponse(200, { user: user }) });
    renderLogin();
    expect(await screen.findByText("Navigated to /dashboard")).toBeInTheDocument();
  });

  it("links to password recovery and account creation", () => {
    mockFetch({ "GET /api/auth/session": jsonResponse(200, { user: null }) });
    renderLogin();
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
    expect(screen.getByRole("link", { name: "Create one" })).toHaveAttribute("href", "/signup");
  });

  it("offers no passkey where the browser cannot use them", () => {
    mockFetch({ "GET /api/auth/session": jsonResponse(200, { user: null }) });
    renderLogin();
    expect(screen.queryByRole("button", { name: "Sign in with a passkey" })).not.toBeInTheDocument();
  });

  it("signs in with a passkey, no email asked, and goes on as a password sign-in does", async () => {
    const credentials = stubPasskeys();
    let finished: unknown;
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "POST /api/auth/passkeys/login/start": jsonResponse(200, { publicKey: { challenge: "Y2hhbGxlbmdl", rpId: "localhost" } }),
      "POST /api/auth/passkeys/login/finish": (_url, init) => {
        finished = jsonBody(init);
        return jsonResponse(200, user);
      },
    });
    renderLogin("/login?next=%2Fprofile");
    await userEvent.click(screen.getByRole("checkbox", { name: "Remember me" }));
    await userEvent.click(await screen.findByRole("button", { name: "Sign in with a passkey" }));
    expect(await screen.findByText("Navigated to /profile")).toBeInTheDocument();
    expect((await screen.findAllByText("Welcome back!")).length).toBeGreaterThan(0);
    expect(credentials.get).toHaveBeenCalledTimes(1);
    expect(finished).toEqual({ credential: ASSERTION_JSON, rememberMe: true });
  });

  it("says why a passkey sign-in failed: cancelled in the browser, or refused by the server", async () => {
    stubPasskeys({ error: new DOMException("The operation either timed out or was not allowed.", "NotAllowedError") });
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "POST /api/auth/passkeys/login/start": jsonResponse(200, { publicKey: { challenge: "Y2hhbGxlbmdl" } }),
    });
    renderLogin();
    await userEvent.click(await screen.findByRole("button", { name: "Sign in with a passkey" }));
    expect((await screen.findAllByText("The passkey request was cancelled or timed out.")).length).toBeGreaterThan(0);

    stubPasskeys();
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "POST /api/auth/passkeys/login/start": jsonResponse(200, { publicKey: { challenge: "Y2hhbGxlbmdl" } }),
      "POST /api/auth/passkeys/login/finish": jsonResponse(401, {
        code: "unauthorized",
        messageCode: "passkey_unknown",
        message: "This passkey does not belong to any account here. Sign in with your password and add it from your profile.",
      }),
    });
    await userEvent.click(screen.getByRole("button", { name: "Sign in with a passkey" }));
    expect((await screen.findAllByText(/This passkey does not belong to any account here/)).length).toBeGreaterThan(0);
    expect(screen.queryByText(/Navigated to/)).not.toBeInTheDocument();
  });
});
