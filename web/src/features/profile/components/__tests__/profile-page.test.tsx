import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ProfilePage } from "@/features/profile/components/profile-page";
import { jsonResponse, mockFetch, renderRoute } from "@/test/render";

const unverifiedUser = {
  id: "u1",
  role: "user",
  name: null,
  email: "skipper@example.test",
  phoneE164: null,
  emailVerifiedAt: null,
  phoneVerifiedAt: null,
  identityVerificationStatus: "not_started",
};

describe("ProfilePage", () => {
  it("asks signed-out visitors to sign in", async () => {
    mockFetch({ "GET /api/auth/session": jsonResponse(200, { user: null }) });
    renderRoute(<ProfilePage />, { path: "/profile" });
    expect(await screen.findByRole("heading", { name: "Authentication Required" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login?next=%2Fprofile");
  });

  it("shows the details, offers a new verification email and archives the account", async () => {
    const fetchMock = mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: unverifiedUser }),
      "GET /api/profile": jsonResponse(200, { name: null, email: "skipper@example.test", phoneE164: null }),
      "POST /api/auth/resend-verification": jsonResponse(202, { message: "Verification email sent." }),
      "DELETE /api/profile": jsonResponse(200, { message: "Your account has been archived." }),
    });
    renderRoute(<ProfilePage />, { path: "/profile", toaster: true });

    expect(await screen.findByText("skipper@example.test")).toBeInTheDocument();
    expect(screen.getAllByText("Not set")).toHaveLength(2);

    await userEvent.click(screen.getByRole("button", { name: "Resend verification email" }));
    expect((await screen.findAllByText("Verification email sent.")).length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole("button", { name: "Delete Account" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Are you absolutely sure?" });
    expect(within(dialog).getByText("All of your vessels will be deactivated.")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete Account" }));

    expect(await screen.findByText("Navigated to /")).toBeInTheDocument();
    expect(screen.getAllByText("Account archived").length).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/profile" && init?.method === "DELETE")).toBe(true);
  });

  it("reports a failed archive with 'Error'", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: { ...unverifiedUser, emailVerifiedAt: "2025-01-01T00:00:00Z" } }),
      "GET /api/profile": jsonResponse(200, { name: "Ada", email: "skipper@example.test", phoneE164: "+31612345678" }),
      "DELETE /api/profile": new Response("", { status: 500, statusText: "Internal Server Error" }),
    });
    renderRoute(<ProfilePage />, { path: "/profile", toaster: true });
    expect(await screen.findByText("+31612345678")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Resend verification email" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Delete Account" }));
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete Account" }));
    expect((await screen.findAllByText("Failed to archive account")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("Error").length).toBeGreaterThan(0);
  });
});
