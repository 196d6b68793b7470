import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Vessel } from "@/api/types";
import { DashboardPage } from "@/features/vessels/components/dashboard-page";
import { jsonBody, jsonResponse, mockFetch, renderRoute } from "@/test/render";
import { makeTransfer, makeTransferPayment, TRANSFER_ID, TRANSFER_INTENT } from "@/test/transfers";
import { makeUser, makeVessel } from "@/test/vessels";

function renderDashboard() {
  return renderRoute(<DashboardPage />, { path: "/dashboard", toaster: true });
}

function statValue(label: string) {
  return screen.getByText(label).parentElement!;
}

describe("DashboardPage", () => {
  it("asks signed-out visitors to sign in", async () => {
    mockFetch({ "GET /api/auth/session": jsonResponse(200, { user: null }) });
    renderDashboard();
    expect(await screen.findByRole("heading", { name: "Authentication Required" })).toBeInTheDocument();
  });

  it("shows 'No Vessels Registered' with a way to register the first one", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
      "GET /api/vessels/my/list": jsonResponse(200, []),
      "GET /api/transfers": jsonResponse(200, []),
    });
    renderDashboard();
    expect(await screen.findByRole("heading", { name: "No Vessels Registered" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Register Your First Vessel" })).toHaveAttribute("href", "/register-vessel");
    expect(statValue("Registered Vessels")).toHaveTextContent("0");
  });

  it("shows the stats, one card per vessel with its status, and Transfer only for active vessels", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
      "GET /api/vessels/my/list": jsonResponse(200, [
        makeVessel({ id: "v-new", platformId: "AAAA-BBBB-CCC1", name: "New Boat", status: "pending_payment", documentsCount: 0 }),
        makeVessel({ id: "v-1", name: "Sea Breeze", status: "active", documentsCount: 2 }),
        makeVessel({ id: "v-2", platformId: "AAAA-BBBB-CCC2", name: "Moving", status: "in_transfer", documentsCount: 1 }),
        makeVessel({ id: "v-3", platformId: "AAAA-BBBB-CCC3", name: "Old", status: "deactivated", documentsCount: 4 }),
      ]),
      // Open ones count, outgoing and incoming; closed ones do not.
      "GET /api/transfers": jsonResponse(200, [
        makeTransfer({ id: "t-out", vessel: { ...makeTransfer().vessel, id: "v-2", name: "Moving" } }),
        makeTransfer({
          id: "t-in",
          outgoing: false,
          status: "verified",
          vessel: { ...makeTransfer().vessel, id: "v-9", name: "Gift" },
        }),
        makeTransfer({ id: "t-old", status: "canceled" }),
      ]),
    });
    renderDashboard();

    const cards = await screen.findAllByRole("article");
    expect(cards).toHaveLength(4);
    expect(statValue("Registered Vessels")).toHaveTextContent("4");
    expect(statValue("Pending Transfers")).toHaveTextContent("2");
    expect(statValue("Documents Uploaded")).toHaveTextContent("7");
    expect(screen.getByRole("link", { name: "Register New Vessel" })).toHaveAttribute("href", "/register-vessel");

    const [pending, active, moving, old] = cards;
    expect(within(pending).getByText("Awaiting payment")).toBeInTheDocument();
    expect(within(pending).getByRole("link", { name: /Complete payment/ })).toHaveAttribute(
      "href",
      "/register-vessel?vessel=AAAA-BBBB-CCC1",
    );
    expect(within(active).queryByRole("link", { name: /Complete payment/ })).not.toBeInTheDocument();
    expect(within(active).getByText("Active")).toBeInTheDocument();
    expect(within(moving).getByText("Ownership being transferred")).toBeInTheDocument();
    expect(within(old).getByText("Deactivated")).toBeInTheDocument();

    expect(within(pending).queryByRole("button", { name: /Transfer/ })).not.toBeInTheDocument();
    expect(within(moving).queryByRole("button", { name: /Transfer/ })).not.toBeInTheDocument();
    expect(within(old).getByRole("checkbox", { name: "Publicly searchable" })).toBeDisabled();

    await userEvent.click(within(active).getByRole("button", { name: /Transfer/ }));
    expect(await screen.findByText("Navigated to /transfer/v-1")).toBeInTheDocument();
  });

  it("changes visibility and for-sale with PATCH and confirms with a toast", async () => {
    const sent: unknown[] = [];
    let vessel = makeVessel({ id: "v-1", publicVisibility: true, forSale: false });
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
      "GET /api/vessels/my/list": () => jsonResponse(200, [vessel]),
      "GET /api/transfers": jsonResponse(200, []),
      "PATCH /api/vessels/v-1": (_url, init) => {
        // The toggles send only booleans (publicVisibility, forSale).
        const body = jsonBody(init) as Partial<Vessel>;
        sent.push(body);
        vessel = { ...vessel, ...body };
        return jsonResponse(200, vessel);
      },
    });
    renderDashboard();

    const forSale = await screen.findByRole("checkbox", { name: "For sale" });
    expect(forSale).not.toBeChecked();
    expect(screen.queryByText("For Sale")).not.toBeInTheDocument();
    await userEvent.click(forSale);
    expect((await screen.findAllByText("Sea Breeze is now marked as for sale.")).length).toBeGreaterThan(0);
    expect(screen.getByRole("checkbox", { name: "For sale" })).toBeChecked();
    expect(screen.getByText("For Sale")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("checkbox", { name: "Publicly searchable" }));
    expect((await screen.findAllByText("Sea Breeze is no longer publicly searchable.")).length).toBeGreaterThan(0);
    expect(screen.getByRole("checkbox", { name: "Publicly searchable" })).not.toBeChecked();
    // For sale but private: no 'For Sale' badge.
    expect(screen.queryByText("For Sale")).not.toBeInTheDocument();
    expect(sent).toEqual([{ forSale: true }, { publicVisibility: false }]);
  });

  it("reports a failed change with the server's message", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
      "GET /api/vessels/my/list": jsonResponse(200, [makeVessel()]),
      "GET /api/transfers": jsonResponse(200, []),
      "PATCH /api/vessels/v-1": jsonResponse(403, { message: "Only the owner can change this vessel.", code: "forbidden" }),
    });
    renderDashboard();
    await userEvent.click(await screen.findByRole("checkbox", { name: "For sale" }));
    expect((await screen.findAllByText("Only the owner can change this vessel.")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("Update Failed").length).toBeGreaterThan(0);
    expect(screen.getByRole("checkbox", { name: "For sale" })).not.toBeChecked();
  });

  it("lists open and unclaimed transfers in words; the seller continues or cancels, a sale links to its receipt", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
      "GET /api/vessels/my/list": jsonResponse(200, [makeVessel({ status: "in_transfer" })]),
      "GET /api/transfers": jsonResponse(200, [
        makeTransfer(),
        makeTransfer({
          id: "t-sold",
          status: "completed",
          completedAt: "2026-11-20T09:00:00Z",
          vessel: { ...makeTransfer().vessel, id: "v-8", name: "Sold Sloop" },
        }),
        makeTransfer({
          id: "t-waiting",
          status: "completed",
          awaitingClaim: true,
          completedAt: "2026-11-21T09:00:00Z",
          vessel: { ...makeTransfer().vessel, id: "v-7", name: "Waiting Wherry" },
        }),
        makeTransfer({ id: "t-gone", status: "expired", vessel: { ...makeTransfer().vessel, id: "v-6", name: "Expired Ketch" } }),
      ]),
    });
    renderDashboard();

    const section = await screen.findByRole("region", { name: "Transfers" });
    const items = within(section).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    const [open, waiting, sold] = items;
    expect(within(open).getByRole("heading", { name: "Sea Breeze" })).toBeInTheDocument();
    expect(within(open).getByText("Waiting for the code the new owner received by SMS")).toBeInTheDocument();
    expect(within(open).getByText("+31 6•••••678")).toBeInTheDocument();
    expect(within(open).getByRole("link", { name: /Continue/ })).toHaveAttribute("href", "/transfer/v-1");
    expect(within(open).getByRole("button", { name: "Cancel transfer" })).toBeInTheDocument();
    expect(
      within(waiting).getByText("Paid: waiting for the new owner to claim the vessel with their mobile number"),
    ).toBeInTheDocument();
    expect(within(sold).getByText("Completed: the vessel belongs to its new owner")).toBeInTheDocument();
    expect(within(sold).getByRole("link", { name: /Release receipt/ })).toHaveAttribute("href", "/transfers/t-sold/receipt");
    // The signed record of the sale, once the vessel has its new owner (not while it waits for the claim).
    expect(within(sold).getByRole("button", { name: "Transfer record (PDF)" })).toBeInTheDocument();
    expect(within(waiting).queryByRole("button", { name: "Transfer record (PDF)" })).not.toBeInTheDocument();
    expect(within(section).queryByText("Expired Ketch")).not.toBeInTheDocument();
    expect(statValue("Pending Transfers")).toHaveTextContent("1");
  });

  it("cancels an outgoing transfer after confirming, and reloads the vessels", async () => {
    let transfers = [makeTransfer()];
    let vesselLists = 0;
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
      "GET /api/vessels/my/list": () => {
        vesselLists += 1;
        return jsonResponse(200, [makeVessel({ status: transfers[0].status === "canceled" ? "active" : "in_transfer" })]);
      },
      "GET /api/transfers": () => jsonResponse(200, transfers),
      [`POST /api/transfers/${TRANSFER_ID}/cancel`]: () => {
        transfers = [makeTransfer({ status: "canceled", canceledAt: "2026-11-23T10:05:00Z" })];
        return jsonResponse(200, transfers[0]);
      },
    });
    renderDashboard();

    const section = await screen.findByRole("region", { name: "Transfers" });
    await userEvent.click(within(section).getByRole("button", { name: "Cancel transfer" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Cancel this transfer?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep transfer" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();

    await userEvent.click(within(section).getByRole("button", { name: "Cancel transfer" }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel transfer" }));
    expect((await screen.findAllByText("Transfer Canceled")).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole("region", { name: "Transfers" })).not.toBeInTheDocument());
    expect(statValue("Pending Transfers")).toHaveTextContent("0");
    expect(vesselLists).toBeGreaterThan(1);
    expect(await screen.findByRole("button", { name: /Transfer/ })).toBeInTheDocument();
  });

  it("lets the new owner decline an incoming transfer after confirming: the seller keeps the vessel", async () => {
    let transfers = [makeTransfer({ outgoing: false, status: "verified", verifiedAt: "2026-11-23T10:01:00Z" })];
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser({ id: "u-buyer", phoneVerifiedAt: "2026-11-01T00:00:00Z" }) }),
      "GET /api/vessels/my/list": jsonResponse(200, []),
      "GET /api/transfers": () => jsonResponse(200, transfers),
      [`POST /api/transfers/${TRANSFER_ID}/cancel`]: () => {
        transfers = [{ ...transfers[0], status: "canceled", canceledAt: "2026-11-23T10:05:00Z" }];
        return jsonResponse(200, transfers[0]);
      },
    });
    renderDashboard();

    const section = await screen.findByRole("region", { name: "Transfers" });
    expect(within(section).queryByRole("button", { name: "Cancel transfer" })).not.toBeInTheDocument();
    await userEvent.click(within(section).getByRole("button", { name: "Decline" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Decline this transfer?" });
    expect(dialog).toHaveTextContent("Sea Breeze stays with its seller, who is told by email.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Decline" }));
    expect((await screen.findAllByText("Transfer Declined")).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole("region", { name: "Transfers" })).not.toBeInTheDocument());
  });

  it("lets the new owner pay and accept a verified transfer: 'Transfer Complete' and the vessel on their list", async () => {
    const incoming = makeTransfer({ outgoing: false, status: "verified", verifiedAt: "2026-11-23T10:01:00Z" });
    let paid = false;
    const intents: unknown[] = [];
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser({ id: "u-buyer", phoneVerifiedAt: "2026-11-01T00:00:00Z" }) }),
      "GET /api/vessels/my/list": () => jsonResponse(200, paid ? [makeVessel()] : []),
      "GET /api/transfers": () =>
        jsonResponse(200, [paid ? { ...incoming, status: "completed", completedAt: "2026-11-23T10:03:00Z" } : incoming]),
      "GET /api/config/payments": jsonResponse(200, { provider: "local" }),
      "POST /api/payments/create-intent": (_url, init) => {
        intents.push(jsonBody(init));
        return jsonResponse(200, TRANSFER_INTENT);
      },
      "POST /api/payments/local/confirm": () => {
        paid = true;
        return jsonResponse(200, { status: "succeeded" });
      },
      "GET /api/payments/pay-7": () => jsonResponse(200, makeTransferPayment(paid ? "succeeded" : "requires_payment")),
    });
    renderDashboard();

    const section = await screen.findByRole("region", { name: "Transfers" });
    expect(within(section).getByText("Incoming")).toBeInTheDocument();
    expect(within(section).getByText("Code confirmed: pay the transfer fee to accept the vessel")).toBeInTheDocument();
    expect(within(section).queryByRole("button", { name: "Cancel transfer" })).not.toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "No Vessels Registered" })).toBeInTheDocument();

    await userEvent.click(within(section).getByRole("button", { name: "Pay and accept" }));
    const dialog = await screen.findByRole("dialog", { name: "Accept Sea Breeze" });
    const pay = await within(dialog).findByRole("button", { name: "Pay €9.95" });
    expect(intents).toEqual([{ purpose: "transfer", vesselId: "v-1", transferId: TRANSFER_ID }]);
    await userEvent.type(within(dialog).getByLabelText("Card number"), "4242 4242 4242 4242");
    await userEvent.type(within(dialog).getByLabelText("Expiry date"), "12 / 34");
    await userEvent.type(within(dialog).getByLabelText("CVC"), "123");
    await userEvent.click(pay);

    expect((await screen.findAllByText("Transfer Complete")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("Sea Breeze is now registered to you.").length).toBeGreaterThan(0);
    expect(await screen.findByRole("article")).toHaveTextContent("Sea Breeze");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("cancels an unpaid registration after asking, and the vessel leaves the list", async () => {
    const user = userEvent.setup();
    let listed = [makeVessel({ id: "v-new", platformId: "AAAA-BBBB-CCC1", name: "New Boat", status: "pending_payment" })];
    const fetchMock = mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
      "GET /api/vessels/my/list": () => jsonResponse(200, listed),
      "GET /api/transfers": jsonResponse(200, []),
      "DELETE /api/vessels/v-new": () => {
        listed = [];
        return jsonResponse(200, {
          message: "The registration is canceled. Nothing was charged.",
          messageCode: "registration_canceled",
        });
      },
    });
    renderDashboard();
    await user.click(await screen.findByRole("button", { name: "Cancel registration" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("nothing is charged");
    await user.click(within(dialog).getByRole("button", { name: "Cancel registration" }));
    expect((await screen.findAllByText("Registration canceled")).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByText("New Boat")).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(true);
  });

  it("tells an account whose number is not verified that a vessel may be waiting for it", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser({ phoneE164: "+31612345678", phoneVerifiedAt: null }) }),
      "GET /api/vessels/my/list": jsonResponse(200, []),
      "GET /api/transfers": jsonResponse(200, []),
    });
    renderDashboard();
    const hint = await screen.findByRole("note");
    expect(hint).toHaveTextContent("One transferred to +31612345678 waits until you verify that number.");
    expect(within(hint).getByRole("link", { name: "Verify on your profile" })).toHaveAttribute("href", "/profile");
  });

  it("says nothing of waiting vessels once the number is verified", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser({ phoneVerifiedAt: "2026-01-01T00:00:00Z" }) }),
      "GET /api/vessels/my/list": jsonResponse(200, []),
      "GET /api/transfers": jsonResponse(200, []),
    });
    renderDashboard();
    await screen.findByRole("heading", { name: "No Vessels Registered" });
    expect(screen.queryByText(/Bought a vessel\?/)).not.toBeInTheDocument();
  });
});
