import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockFetch, renderApp } from "@/test/render";

describe("routing", () => {
  it("shows 'Page Not Found' with a link home for unknown paths", async () => {
    mockFetch({ "GET /api/auth/session": jsonResponse(200, { user: null }) });
    renderApp("/no/such/page");
    expect(await screen.findByRole("heading", { name: "Page Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("main")).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
  });

  it("asks signed-out visitors to sign in on protected pages, keeping where they were", async () => {
    mockFetch({ "GET /api/auth/session": jsonResponse(200, { user: null }) });
    renderApp("/dashboard");
    expect(await screen.findByRole("heading", { name: "Authentication Required" })).toBeInTheDocument();
    const links = screen.getAllByRole("link", { name: "Sign In" });
    expect(links.map((l) => l.getAttribute("href"))).toContain("/login?next=%2Fdashboard");
  });

  it("tells signed-in non-admins that /admin needs admin access", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, {
        user: {
          id: "u1",
          role: "user",
          name: null,
          email: "a@b.test",
          phoneE164: null,
          emailVerifiedAt: null,
          phoneVerifiedAt: null,
          identityVerificationStatus: "not_started",
        },
      }),
    });
    renderApp("/admin");
    expect(await screen.findByRole("heading", { name: "Admin Access Required" })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page.")).toBeInTheDocument();
  });

  it("marks the Registry link as current on /registry", async () => {
    mockFetch({ "GET /api/auth/session": jsonResponse(200, { user: null }) });
    renderApp("/registry");
    expect(await screen.findByRole("heading", { name: "Search the Public Registry" })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(nav.querySelector('a[href="/registry"]')).toHaveAttribute("aria-current", "page");
  });
});
