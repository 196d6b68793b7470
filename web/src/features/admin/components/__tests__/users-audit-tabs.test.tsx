import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AdminPage } from "@/features/admin/routes";
import { ADMIN_STATS, makeAdminTransfer, makeAdminUser, makeAuditEntry, pageOf } from "@/test/admin";
import { jsonBody, jsonResponse, mockFetch, renderRoute, urlOf } from "@/test/render";
import { makeUser } from "@/test/vessels";

function setup(tab: string, routes: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch({
    "GET /api/auth/session": jsonResponse(200, { user: makeUser({ id: "u-admin", role: "admin" }) }),
    "GET /api/admin/stats": jsonResponse(200, ADMIN_STATS),
    ...routes,
  });
  renderRoute(<AdminPage />, { path: `/admin?tab=${tab}`, routePath: "/admin", toaster: true });
  return fetchMock;
}

const lastUrl = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(urlOf(input), "http://localhost"))
    .filter((url) => url.pathname === path)
    .at(-1);

describe("Admin console: users", () => {
  it("looks an account up by email and shows its details and vessels", async () => {
    const user = userEvent.setup();
    const fetchMock = setup("users", { "GET /api/admin/users": jsonResponse(200, { data: [makeAdminUser()] }) });
    const email = await screen.findByLabelText("Email");
    await user.type(email, "not-an-email");
    await user.click(screen.getByRole("button", { name: "Look up" }));
    expect(await screen.findByText("Invalid email address")).toBeInTheDocument();
    expect(lastUrl(fetchMock, "/api/admin/users")).toBeUndefined();

    await user.clear(email);
    await user.type(email, "owner@registry.test");
    await user.click(screen.getByRole("button", { name: "Look up" }));
    const card = await screen.findByRole("article", { name: "owner@registry.test" });
    expect(lastUrl(fetchMock, "/api/admin/users")?.searchParams.get("email")).toBe("owner@registry.test");
    const value = (term: string) => within(card).getByText(term, { selector: "dt" }).nextElementSibling;
    expect(value("Name")).toHaveTextContent("Olivia Owner");
    expect(value("Role")).toHaveTextContent("User");
    expect(value("Status")).toHaveTextContent("Active");
    expect(value("Phone verified")).toHaveTextContent("No");
    expect(value("Identity")).toHaveTextContent("Not started");
    expect(within(card).getByRole("link", { name: "7KQ2-M9XD-4HTB" })).toHaveAttribute("href", "/registry/7KQ2-M9XD-4HTB");
  });

  it("shows the server's refusal of a role change in an alert", async () => {
    const user = userEvent.setup();
    const fetchMock = setup("users", {
      "GET /api/admin/users": jsonResponse(200, {
        data: [makeAdminUser({ id: "u-admin", email: "admin@registry.test", role: "admin" })],
      }),
      "POST /api/admin/users/u-admin/role": jsonResponse(409, { message: "You cannot change your own role", code: "conflict" }),
    });
    await user.type(await screen.findByLabelText("Email"), "admin@registry.test");
    await user.click(screen.getByRole("button", { name: "Look up" }));
    const card = await screen.findByRole("article", { name: "admin@registry.test" });
    await user.click(within(card).getByRole("button", { name: "Remove admin" }));
    expect(await within(card).findByRole("alert")).toHaveTextContent("You cannot change your own role");
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(jsonBody(post[1])).toEqual({ role: "user" });
  });

  it("archives an account with a reason", async () => {
    const user = userEvent.setup();
    const fetchMock = setup("users", {
      "GET /api/admin/users": jsonResponse(200, { data: [makeAdminUser()] }),
      "POST /api/admin/users/u-owner/archive": jsonResponse(200, makeAdminUser({ status: "archived" })),
    });
    await user.type(await screen.findByLabelText("Email"), "owner@registry.test");
    await user.click(screen.getByRole("button", { name: "Look up" }));
    const card = await screen.findByRole("article", { name: "owner@registry.test" });
    await user.click(within(card).getByRole("button", { name: "Archive" }));
    const dialog = await screen.findByRole("dialog", { name: "Archive owner@registry.test?" });
    expect(dialog).toHaveTextContent("its vessel is deactivated");
    await user.type(within(dialog).getByLabelText("Reason"), "Owner's request by letter");
    await user.click(within(dialog).getByRole("button", { name: "Archive" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(jsonBody(post[1])).toEqual({ reason: "Owner's request by letter" });
  });
});

describe("Admin console: transfers", () => {
  it("cancels an open transfer with a reason; closed ones have no Cancel", async () => {
    const user = userEvent.setup();
    const fetchMock = setup("transfers", {
      "GET /api/admin/transfers": jsonResponse(
        200,
        pageOf([
          makeAdminTransfer(),
          makeAdminTransfer({
            id: "tr-2",
            vesselPlatformId: "9ABC-DEF2-3GHJ",
            status: "completed",
            open: false,
            feePaid: true,
            completedAt: "2026-11-23T11:00:00Z",
          }),
        ]),
      ),
      "POST /api/admin/transfers/tr-1/cancel": jsonResponse(200, makeAdminTransfer({ status: "canceled", open: false })),
    });
    const rows = within(await screen.findByRole("table", { name: "Transfers" }))
      .getAllByRole("row")
      .slice(1);
    expect(within(rows[0]).getByText("+31 6•••••678")).toBeInTheDocument();
    expect(within(rows[0]).getByText("No")).toBeInTheDocument();
    expect(within(rows[1]).getByText("Yes")).toBeInTheDocument();
    expect(within(rows[1]).getByText(/^Completed Nov 23, 2026/)).toBeInTheDocument();
    expect(within(rows[1]).queryByRole("button", { name: /Cancel/ })).not.toBeInTheDocument();

    await user.click(within(rows[0]).getByRole("button", { name: "Cancel the transfer of 7KQ2-M9XD-4HTB" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel this transfer?" });
    await user.type(within(dialog).getByLabelText("Reason"), "Seller reported fraud");
    await user.click(within(dialog).getByRole("button", { name: "Cancel transfer" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(jsonBody(post[1])).toEqual({ reason: "Seller reported fraud" });
  });
});

describe("Admin console: audit logs", () => {
  it("shows entries and sends the actor, vessel, type and date filters", async () => {
    const user = userEvent.setup();
    const fetchMock = setup("audit", {
      "GET /api/admin/audit": jsonResponse(200, {
        ...pageOf([makeAuditEntry()]),
        types: ["document_reviewed", "payment_refunded", "vessel_deactivated"],
      }),
    });
    const row = within(await screen.findByRole("table", { name: "Audit log" })).getAllByRole("row")[1];
    expect(within(row).getByText("admin@registry.test")).toBeInTheDocument();
    // The action and its detail in words, not codes and JSON.
    expect(within(row).getByText("Document reviewed")).toBeInTheDocument();
    expect(within(row).getByText("Document doc-1")).toBeInTheDocument();
    expect(within(row).queryByText(/document_reviewed/)).not.toBeInTheDocument();
    expect(within(row).getByText("Success")).toBeInTheDocument();
    expect(within(row).getByText("req-42")).toBeInTheDocument();
    expect(within(row).getByText("Decision: Rejected")).toBeInTheDocument();
    expect(within(row).getByText("Reason: Unreadable scan")).toBeInTheDocument();
    // The type filter names each action in words, and sends its code.
    expect(within(screen.getByLabelText("Type")).getByRole("option", { name: "Payment refunded" })).toHaveValue(
      "payment_refunded",
    );

    await user.type(screen.getByLabelText("Actor (email)"), "admin@registry.test");
    await user.type(screen.getByLabelText("Vessel (platform ID)"), "7KQ2-M9XD-4HTB");
    await user.selectOptions(screen.getByLabelText("Type"), "Payment refunded");
    await user.type(screen.getByLabelText("From"), "2026-11-01");
    await user.type(screen.getByLabelText("To"), "2026-11-30");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await waitFor(() =>
      expect(lastUrl(fetchMock, "/api/admin/audit")?.searchParams.toString()).toBe(
        "actor=admin%40registry.test&vessel=7KQ2-M9XD-4HTB&type=payment_refunded&from=2026-11-01&to=2026-11-30&page=1&pageSize=20",
      ),
    );
  });

  it("refuses an end date before the start date", async () => {
    const user = userEvent.setup();
    setup("audit", { "GET /api/admin/audit": jsonResponse(200, { ...pageOf([]), types: [] }) });
    expect(await screen.findByText("No audit entries match these filters.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("From"), "2026-11-30");
    await user.type(screen.getByLabelText("To"), "2026-11-01");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    expect(await screen.findByText("The end date cannot be before the start date")).toBeInTheDocument();
  });
});
