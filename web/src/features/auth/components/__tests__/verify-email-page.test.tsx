import { screen } from "@testing-library/react";
import { StrictMode } from "react";
import { describe, expect, it } from "vitest";
import { VerifyEmailPage } from "@/features/auth/components/verify-email-page";
import { jsonBody, jsonResponse, mockFetch, renderRoute, urlOf } from "@/test/render";

function postsTo(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  return fetchMock.mock.calls.filter(([url, init]) => urlOf(url) === path && init?.method === "POST").length;
}

describe("VerifyEmailPage", () => {
  it("fails at once when the token is missing, without calling the server", () => {
    const fetchMock = mockFetch({});
    renderRoute(<VerifyEmailPage />, { path: "/verify-email" });
    expect(screen.getByRole("heading", { name: "Verification Failed" })).toBeInTheDocument();
    expect(screen.getByText("Invalid verification link. The token is missing.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Register Again" })).toHaveAttribute("href", "/signup");
    expect(screen.getByRole("link", { name: "Back to Login" })).toHaveAttribute("href", "/login");
    expect(postsTo(fetchMock, "/api/auth/verify-email")).toBe(0);
  });

  it("shows loading, then success, posting the token exactly once under StrictMode", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sent: unknown;
    const fetchMock = mockFetch({
      "POST /api/auth/verify-email": async (_url, init) => {
        sent = jsonBody(init);
        await gate;
        return jsonResponse(200, { message: "Your email has been verified." });
      },
    });
    renderRoute(
      <StrictMode>
        <VerifyEmailPage />
      </StrictMode>,
      { path: "/verify-email?token=tok-123" },
    );
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    release();
    expect(await screen.findByRole("heading", { name: "Email Verified!" })).toBeInTheDocument();
    expect(screen.getByText("Your email has been verified.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Login" })).toHaveAttribute("href", "/login");
    expect(sent).toEqual({ token: "tok-123" });
    expect(postsTo(fetchMock, "/api/auth/verify-email")).toBe(1);
  });

  it("shows the server's message for an invalid or used token", async () => {
    mockFetch({
      "POST /api/auth/verify-email": jsonResponse(400, { message: "Invalid or expired token.", code: "bad_request" }),
    });
    renderRoute(<VerifyEmailPage />, { path: "/verify-email?token=used" });
    expect(await screen.findByRole("heading", { name: "Verification Failed" })).toBeInTheDocument();
    expect(screen.getByText("Invalid or expired token.")).toBeInTheDocument();
  });

  it("falls back to a generic message when the error has no body", async () => {
    mockFetch({ "POST /api/auth/verify-email": new Response("", { status: 500, statusText: "Internal Server Error" }) });
    renderRoute(<VerifyEmailPage />, { path: "/verify-email?token=x" });
    expect(await screen.findByText("Verification failed. Please try again.")).toBeInTheDocument();
  });

  it("reports a network failure", async () => {
    mockFetch({
      "POST /api/auth/verify-email": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    renderRoute(<VerifyEmailPage />, { path: "/verify-email?token=x" });
    expect(await screen.findByText("An error occurred during verification. Please try again.")).toBeInTheDocument();
  });
});
