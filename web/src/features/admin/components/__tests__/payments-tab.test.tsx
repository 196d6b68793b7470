import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { AdminPayment } from "@/api/types";
import { AdminPage } from "@/features/admin/routes";
import { ADMIN_STATS, makeAdminPayment, pageOf } from "@/test/admin";
import { jsonBody, jsonResponse, mockFetch, renderRoute, urlOf } from "@/test/render";
import { makeUser } from "@/test/vessels";

const TOTALS = { succeededCents: 500000, refundedCents: 2495, netCents: 497505, currency: "EUR" };

function setup(payments: AdminPayment[], routes: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    "GET /api/auth/session": jsonResponse(200, { user: makeUser({ role: "admin" }) }),
    "GET /api/admin/stats": jsonResponse(200, ADMIN_STATS),
    "GET /api/admin/payments": () => jsonResponse(200, { ...pageOf(payments), totals: TOTALS }),
    ...routes,
  });
  renderRoute(<AdminPage />, { path: "/admin?tab=payments", routePath: "/admin", toaster: true });
  return fetchMock;
}

describe("Admin console: payments", () => {
  it("shows the totals and each payment, and filters by state and purpose", async () => {
    const user = userEvent.setup();
    const fetchMock = setup([
      makeAdminPayment(),
      makeAdminPayment({
        id: "pay-2",
        purpose: "transfer",
        amountCents: 995,
        refundable: false,
        refund: { status: "succeeded", reason: "Duplicate charge", createdAt: "2026-11-23T09:00:00Z" },
      }),
    ]);
    expect(await screen.findByText("€5,000.00")).toBeInTheDocument();
    expect(screen.getByText("€4,975.05")).toBeInTheDocument();

    const rows = within(screen.getByRole("table", { name: "Payments" }))
      .getAllByRole("row")
      .slice(1);
    expect(within(rows[0]).getByText("Registration")).toBeInTheDocument();
    expect(within(rows[0]).getByText("€24.95")).toBeInTheDocument();
    expect(within(rows[0]).getByText("Succeeded")).toBeInTheDocument();
    expect(within(rows[0]).getByText("pi_local_123")).toBeInTheDocument();
    expect(within(rows[1]).getByText("Refunded")).toBeInTheDocument();
    expect(within(rows[1]).getByText("Duplicate charge")).toBeInTheDocument();
    expect(within(rows[1]).queryByRole("button", { name: /Refund/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText("State"), "Succeeded");
    await user.selectOptions(screen.getByLabelText("Purpose"), "Transfer");
    await waitFor(() => {
      const last = new URL(urlOf(fetchMock.mock.calls.at(-1)![0]), "http://localhost");
      expect(last.pathname).toBe("/api/admin/payments");
      expect(last.searchParams.toString()).toBe("status=succeeded&purpose=transfer&page=1&pageSize=20");
    });
  });

  it("refunds only with a reason, posts it, and shows the payment refunded", async () => {
    const user = userEvent.setup();
    let refunded = false;
    const fetchMock = setup([], {
      "GET /api/admin/payments": () =>
        jsonResponse(200, {
          ...pageOf([
            refunded
              ? makeAdminPayment({
                  refundable: false,
                  refund: { status: "succeeded", reason: "Customer asked", createdAt: "2026-11-23T09:00:00Z" },
                })
              : makeAdminPayment(),
          ]),
          totals: TOTALS,
        }),
      "POST /api/admin/payments/pay-1/refund": () => {
        refunded = true;
        return jsonResponse(200, makeAdminPayment({ refundable: false }));
      },
    });

    await user.click(await screen.findByRole("button", { name: "Refund €24.95 for 7KQ2-M9XD-4HTB" }));
    const dialog = await screen.findByRole("dialog", { name: "Refund €24.95?" });
    expect(within(dialog).getByText(/Registration fee of €24.95 for 7KQ2-M9XD-4HTB/)).toBeInTheDocument();

    // No reason, or only spaces: refused on the client, nothing posted.
    await user.click(within(dialog).getByRole("button", { name: "Refund €24.95" }));
    expect(await within(dialog).findByText("Enter a reason")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Reason")).toHaveAttribute("aria-invalid", "true");
    await user.type(within(dialog).getByLabelText("Reason"), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Refund €24.95" }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);

    await user.clear(within(dialog).getByLabelText("Reason"));
    await user.type(within(dialog).getByLabelText("Reason"), "Customer asked");
    await user.click(within(dialog).getByRole("button", { name: "Refund €24.95" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(urlOf(post[0])).toBe("/api/admin/payments/pay-1/refund");
    expect(jsonBody(post[1])).toEqual({ reason: "Customer asked" });
    expect((await screen.findAllByText("Payment refunded")).length).toBeGreaterThan(0);
    const row = within(screen.getByRole("table", { name: "Payments" })).getAllByRole("row")[1];
    expect(await within(row).findByText("Refunded")).toBeInTheDocument();
    expect(within(row).queryByRole("button", { name: /Refund/ })).not.toBeInTheDocument();
  });

  it("keeps the dialog open with the server's message when the refund is refused", async () => {
    const user = userEvent.setup();
    setup([makeAdminPayment()], {
      "POST /api/admin/payments/pay-1/refund": jsonResponse(409, {
        message: "This payment is already refunded.",
        code: "conflict",
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Refund €24.95 for 7KQ2-M9XD-4HTB" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Reason"), "Customer asked");
    await user.click(within(dialog).getByRole("button", { name: "Refund €24.95" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This payment is already refunded.");
  });
});
