import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ResetPasswordPage } from "@/features/auth/components/reset-password-page";
import { jsonBody, jsonResponse, mockFetch, renderRoute } from "@/test/render";

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
});
