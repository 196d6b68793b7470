import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ResetPasswordPage } from "@/features/auth/components/reset-password-page";
import { ATTESTATION_JSON, stubPasskeys } from "@/test/passkeys";
import { jsonBody, jsonResponse, mockFetch, renderRoute } from "@/test/render";
import { makeUser } from "@/test/vessels";

describe("ResetPasswordPage", () => {
  it("shows the new-password validation messages", async () => {
    mockFetch({});
    renderRoute(<ResetPasswordPage />, { path: "/reset-password?token=abc" });
    await userEvent.type(screen.getByLabelText("New Password"), "short");
    await userEvent.type(screen.getByLabelText("Confirm Password"), "shorter");
    await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("Password must be at least 8 characters")).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
  });

  it("says so when the link has no token", () => {
    mockFetch({});
    renderRoute(<ResetPasswordPage />, { path: "/reset-password" });
    expect(screen.getByRole("alert")).toHaveTextContent("Invalid reset link. The token is missing.");
  });

  it("shows the server's message for a used token", async () => {
    mockFetch({
      "POST /api/auth/password-reset/confirm": jsonResponse(400, { message: "Invalid or expired token.", code: "bad_request" }),
    });
    renderRoute(<ResetPasswordPage />, { path: "/reset-password?token=used" });
    await userEvent.type(screen.getByLabelText("New Password"), "harbour-lights-42");
    await userEvent.type(screen.getByLabelText("Confirm Password"), "harbour-lights-42");
    await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid or expired token.");
  });

  it("posts the token and new password, then goes to /login", async () => {
    let sent: unknown;
    mockFetch({
      "POST /api/auth/password-reset/confirm": (_url, init) => {
        sent = jsonBody(init);
        return jsonResponse(200, { message: "Password changed." });
      },
    });
    renderRoute(<ResetPasswordPage />, { path: "/reset-password?token=fresh" });
    await userEvent.type(screen.getByLabelText("New Password"), "harbour-lights-42");
    await userEvent.type(screen.getByLabelText("Confirm Password"), "harbour-lights-42");
    await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("Navigated to /login")).toBeInTheDocument();
    expect(sent).toEqual({ token: "fresh", password: "harbour-lights-42" });
  });

  describe("for an account that signs in without a password", () => {
    afterEach(() => vi.unstubAllGlobals());

    const recoverRoutes = (sent: unknown[]) => ({
      "POST /api/auth/passkeys/recover/start": (_url: string, init?: RequestInit) => {
        sent.push(jsonBody(init));
        return jsonResponse(200, { publicKey: { challenge: "Y2hhbGxlbmdl", rp: { id: "localhost", name: "Registry" } } });
      },
      "POST /api/auth/passkeys/recover/finish": (_url: string, init?: RequestInit) => {
        sent.push(jsonBody(init));
        return jsonResponse(200, makeUser({ passkeyCount: 2, passwordSignIn: false }));
      },
    });

    it("adds a passkey with the link from the email, then opens the profile", async () => {
      const credentials = stubPasskeys();
      const sent: unknown[] = [];
      mockFetch(recoverRoutes(sent));
      renderRoute(<ResetPasswordPage />, { path: "/reset-password?token=tok&passkey=1", routePath: "/reset-password" });
      expect(screen.queryByLabelText("New Password")).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole("button", { name: "Add a passkey" }));
      expect(await screen.findByText("Navigated to /profile")).toBeInTheDocument();
      expect(credentials.create).toHaveBeenCalledTimes(1);
      expect(sent).toEqual([{ token: "tok" }, { token: "tok", name: null, credential: ATTESTATION_JSON }]);
    });

    it("switches to adding a passkey when the confirmation says the account has no password sign-in", async () => {
      stubPasskeys();
      const sent: unknown[] = [];
      mockFetch({
        "POST /api/auth/password-reset/confirm": jsonResponse(409, {
          code: "conflict",
          messageCode: "password_sign_in_off_add_passkey",
          message: "This account signs in without a password: use this link to add a passkey instead.",
        }),
        ...recoverRoutes(sent),
      });
      renderRoute(<ResetPasswordPage />, { path: "/reset-password?token=tok" });
      await userEvent.type(screen.getByLabelText("New Password"), "harbour-lights-42");
      await userEvent.type(screen.getByLabelText("Confirm Password"), "harbour-lights-42");
      await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));
      expect(await screen.findByRole("heading", { name: "Add a New Passkey" })).toBeInTheDocument();
      await userEvent.click(screen.getByRole("button", { name: "Add a passkey" }));
      expect(await screen.findByText("Navigated to /profile")).toBeInTheDocument();
    });

    it("shows the server's message for a used link", async () => {
      stubPasskeys();
      mockFetch({
        "POST /api/auth/passkeys/recover/start": jsonResponse(400, {
          code: "invalid_token",
          messageCode: "invalid_expired_token",
          message: "Invalid or expired token.",
        }),
      });
      renderRoute(<ResetPasswordPage />, { path: "/reset-password?token=used&passkey=1", routePath: "/reset-password" });
      await userEvent.click(screen.getByRole("button", { name: "Add a passkey" }));
      expect(await screen.findByRole("alert")).toHaveTextContent("Invalid or expired token.");
    });
  });
});
