import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ReleaseReceiptPage } from "@/features/transfers/components/release-receipt-page";
import { TransferPaymentReturnPage } from "@/features/transfers/components/transfer-payment-return-page";
import { jsonResponse, mockFetch, renderApp, renderRoute } from "@/test/render";
import { makeTransfer, makeTransferPayment, TRANSFER_ID } from "@/test/transfers";
import { makeUser } from "@/test/vessels";

function renderReceipt(id = TRANSFER_ID) {
  return renderRoute(<ReleaseReceiptPage />, { path: `/transfers/${id}/receipt`, routePath: "/transfers/:transferId/receipt" });
}

const completed = makeTransfer({ status: "completed", verifiedAt: "2026-11-23T10:01:00Z", completedAt: "2026-11-23T10:03:00Z" });

describe("Release receipt", () => {
  it("states the vessel, the completion date and the reference, names no buyer, and prints", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
      [`GET /api/transfers/${TRANSFER_ID}`]: jsonResponse(200, completed),
    });
    const print = vi.fn();
    vi.stubGlobal("print", print);
    renderReceipt();

    expect(await screen.findByRole("heading", { name: "Release Receipt", level: 1 })).toBeInTheDocument();
    const value = (term: string) => screen.getByText(term, { selector: "dt" }).nextElementSibling;
    expect(value("Vessel name")).toHaveTextContent("Sea Breeze");
    expect(value("Make")).toHaveTextContent("Bavaria");
    expect(value("Model")).toHaveTextContent("Cruiser 34");
    expect(value("Platform ID")).toHaveTextContent("7KQ2-M9XD-4HTB");
    expect(value("Transfer completed")).toHaveTextContent("Nov 23, 2026");
    expect(value("Transfer reference")).toHaveTextContent(TRANSFER_ID);
    expect(screen.getByText(/its ownership was transferred on Nov 23, 2026/)).toBeInTheDocument();
    // Nothing that identifies the buyer, not even the masked number.
    expect(document.body).not.toHaveTextContent("678");
    expect(document.body).not.toHaveTextContent("•");

    await userEvent.click(screen.getByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("is not found for the buyer, for an open transfer, and for anyone the server refuses", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
      [`GET /api/transfers/${TRANSFER_ID}`]: jsonResponse(200, { ...completed, outgoing: false }),
      "GET /api/transfers/01JOPEN0000000000000000000": jsonResponse(200, makeTransfer({ id: "01JOPEN0000000000000000000" })),
      "GET /api/transfers/01JOTHER000000000000000000": jsonResponse(404, { message: "Transfer not found.", code: "not_found" }),
    });
    for (const id of [TRANSFER_ID, "01JOPEN0000000000000000000", "01JOTHER000000000000000000"]) {
      const { unmount } = renderReceipt(id);
      expect(await screen.findByRole("heading", { name: "Receipt Not Found" })).toBeInTheDocument();
      expect(screen.queryByText("Sea Breeze")).not.toBeInTheDocument();
      unmount();
    }
  });
});

describe("How transfers work", () => {
  it("is where the landing's Transfer card 'Learn More' leads, and walks through the quay scene", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "GET /api/stats": jsonResponse(200, {
        registeredVessels: 12847,
        euCountries: 18,
        registrationFeeCents: 2495,
        transferFeeCents: 995,
      }),
    });
    renderApp("/");
    const learnMore = await screen.findByRole("link", { name: "Learn More about ownership transfers" });
    expect(learnMore).toHaveAttribute("href", "/how-transfers-work");
    await userEvent.click(learnMore);

    expect(await screen.findByRole("heading", { name: "How Ownership Transfers Work", level: 1 })).toBeInTheDocument();
    const steps = within(screen.getByRole("main")).getAllByRole("listitem").slice(0, 7);
    expect(steps.map((s) => within(s).getByRole("heading").textContent)).toEqual([
      "Step 1: The seller starts the transfer",
      "Step 2: The buyer receives a code by SMS",
      "Step 3: The buyer reads it out, the seller types it in",
      "Step 4: The €9.95 fee is paid",
      "Step 5: Ownership changes at once",
      "Step 6: No account yet? Claim it",
      "Step 7: A history no one can quietly rewrite",
    ]);
    expect(screen.getByText(/the seller loses access to it/)).toBeInTheDocument();
    expect(screen.getByText(/signs up with that same mobile number and verifies it/)).toBeInTheDocument();
  });
});

describe("Back from the bank's page with a transfer fee", () => {
  it("waits for the server, then says 'Transfer Complete' and opens the dashboard", async () => {
    let polls = 0;
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
      "GET /api/payments/pay-7": () => jsonResponse(200, makeTransferPayment(++polls < 2 ? "requires_action" : "succeeded")),
      [`GET /api/transfers/${TRANSFER_ID}`]: jsonResponse(200, completed),
    });
    renderRoute(<TransferPaymentReturnPage />, { path: "/transfers/payment?paymentId=pay-7", toaster: true });
    expect(await screen.findByText("Checking your payment...")).toBeInTheDocument();
    expect(await screen.findByText("Navigated to /dashboard", {}, { timeout: 3000 })).toBeInTheDocument();
    expect((await screen.findAllByText("Transfer Complete")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("Sea Breeze is now registered to its new owner.").length).toBeGreaterThan(0);
  });

  it("after a failed authentication, sends the seller back to the wizard to pay again", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
      "GET /api/payments/pay-7": jsonResponse(200, makeTransferPayment("failed", { failureMessage: "Authentication failed." })),
      [`GET /api/transfers/${TRANSFER_ID}`]: jsonResponse(200, makeTransfer({ status: "verified" })),
    });
    renderRoute(<TransferPaymentReturnPage />, { path: "/transfers/payment?paymentId=pay-7", toaster: true });
    expect(await screen.findByText("Navigated to /transfer/v-1")).toBeInTheDocument();
    expect((await screen.findAllByText("Payment Failed")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("Authentication failed.").length).toBeGreaterThan(0);
  });
});
