import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AdminPage } from "@/features/admin/routes";
import { ADMIN_STATS, makeAdminDocument, pageOf, vesselPageOf } from "@/test/admin";
import { jsonResponse, mockFetch, renderRoute, urlOf } from "@/test/render";
import { makeUser, makeVessel } from "@/test/vessels";

type Routes = Parameters<typeof mockFetch>[0];

const admin = makeUser({ id: "u-admin", role: "admin", email: "admin@registry.test" });

function renderAdmin(path = "/admin", routes: Routes = {}) {
  const fetchMock = mockFetch({
    "GET /api/auth/session": jsonResponse(200, { user: admin }),
    "GET /api/admin/stats": jsonResponse(200, ADMIN_STATS),
    "GET /api/admin/vessels": jsonResponse(200, vesselPageOf([makeVessel()])),
    "GET /api/admin/payments": jsonResponse(200, {
      ...pageOf([]),
      totals: { succeededCents: 0, refundedCents: 0, netCents: 0, currency: "EUR" },
    }),
    "GET /api/admin/transfers": jsonResponse(200, pageOf([])),
    ...routes,
  });
  return { fetchMock, ...renderRoute(<AdminPage />, { path, routePath: "/admin", toaster: true }) };
}

describe("Admin console: who may use it", () => {
  it("tells a signed-in user who is not an administrator that admin access is required, and asks nothing of the admin API", async () => {
    const { fetchMock } = renderAdmin("/admin", {
      "GET /api/auth/session": jsonResponse(200, { user: makeUser({ role: "user" }) }),
    });
    expect(await screen.findByRole("heading", { name: "Admin Access Required", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page.")).toBeInTheDocument();
    expect(screen.queryByRole("tablist")).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => urlOf(url).startsWith("/api/admin"))).toBe(false);
  });

  it("asks guests to sign in and come back to /admin", async () => {
    renderAdmin("/admin", { "GET /api/auth/session": jsonResponse(200, { user: null }) });
    expect(await screen.findByRole("heading", { name: "Authentication Required" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", `/login?next=${encodeURIComponent("/admin")}`);
  });
});

describe("Admin console: overview", () => {
  it("shows the four stat cards from /api/admin/stats, revenue as money from cents", async () => {
    renderAdmin();
    const stats = await screen.findByRole("list", { name: "Overview" });
    const card = (label: string) => within(stats).getByText(label).closest("li")!;
    expect(await within(card("Total Vessels")).findByText("1,234")).toBeInTheDocument();
    expect(within(card("Active Transfers")).getByText("3")).toBeInTheDocument();
    expect(within(card("Revenue (30d)")).getByText("€1,234.56")).toBeInTheDocument();
    expect(within(card("Active Users")).getByText("57")).toBeInTheDocument();
  });

  it("shows the server's message when the figures cannot be read", async () => {
    renderAdmin("/admin", {
      "GET /api/admin/stats": jsonResponse(403, { message: "You don't have permission to access this page.", code: "forbidden" }),
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("You don't have permission to access this page.");
  });
});

describe("Admin console: tabs", () => {
  it("opens the tab named in the URL and moves between tabs with the arrow keys", async () => {
    const user = userEvent.setup();
    renderAdmin("/admin?tab=payments");
    const tabs = await screen.findByRole("tablist", { name: "Admin sections" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Vessels", "Transfers", "Payments", "Documents", "Correction requests", "Users", "Audit Logs"]);
    const payments = within(tabs).getByRole("tab", { name: "Payments" });
    expect(payments).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "Payments" })).toBeInTheDocument();
    expect(await screen.findByText("No payments match these filters.")).toBeInTheDocument();

    payments.focus();
    await user.keyboard("{ArrowLeft}");
    const transfers = within(tabs).getByRole("tab", { name: "Transfers" });
    expect(transfers).toHaveAttribute("aria-selected", "true");
    expect(transfers).toHaveFocus();
    expect(payments).toHaveAttribute("tabindex", "-1");
    expect(screen.getByRole("tabpanel", { name: "Transfers" })).toBeInTheDocument();

    await user.keyboard("{Home}");
    expect(within(tabs).getByRole("tab", { name: "Vessels" })).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(within(tabs).getByRole("tab", { name: "Audit Logs" })).toHaveAttribute("aria-selected", "true");
  });
});

describe("Admin console: an administrator without a passkey", () => {
  it("says changes need a passkey, and links to the profile to add one", async () => {
    renderAdmin();
    const notice = await screen.findByRole("region", { name: "Add a passkey to make changes" });
    expect(notice).toHaveTextContent("Administrators need a passkey on their account before they can change anything.");
    expect(within(notice).getByRole("link", { name: "Add a passkey on your profile" })).toHaveAttribute("href", "/profile");
  });

  it("says nothing of it to an administrator who has one", async () => {
    renderAdmin("/admin", { "GET /api/auth/session": jsonResponse(200, { user: { ...admin, passkeyCount: 1 } }) });
    expect(await screen.findByRole("tablist", { name: "Admin sections" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Add a passkey to make changes" })).not.toBeInTheDocument();
  });

  it("shows the server's passkey_required refusal of a change in the reader's words", async () => {
    const user = userEvent.setup();
    renderAdmin("/admin?tab=documents", {
      "GET /api/admin/documents": jsonResponse(200, pageOf([makeAdminDocument()])),
      "POST /api/admin/documents/doc-1/review": jsonResponse(403, {
        code: "forbidden",
        messageCode: "passkey_required",
        message: "Administrators must add a passkey to their account before making changes. Add one on your profile page.",
      }),
    });
    await user.click(await screen.findByRole("button", { name: /^Verify / }));
    expect(
      (
        await screen.findAllByText(
          "Administrators must add a passkey to their account before making changes. Add one on your profile page.",
        )
      ).length,
    ).toBeGreaterThan(0);
  });
});
