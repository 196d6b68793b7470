import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CardPaymentPanel } from "@/features/payments/components/card-payment-panel";
import { useCardPayment } from "@/features/payments/hooks/use-card-payment";
import { jsonBody, jsonResponse, mockFetch, renderRoute } from "@/test/render";

const INTENT = { clientSecret: "pi_9_secret_8", paymentId: "pay-9", amountCents: 2495, currency: "eur" };

function TransferFee() {
  const payment = useCardPayment({ purpose: "transfer", vesselId: "v-1", transferId: "t-1" }, undefined);
  return <CardPaymentPanel payment={payment} returnUrl={() => "http://localhost/transfer/v-1"} />;
}

function Fee() {
  const payment = useCardPayment({ purpose: "registration", vesselId: "v-1" }, undefined);
  return <CardPaymentPanel payment={payment} returnUrl={() => "http://localhost/register-vessel"} />;
}

async function pay(cardNumber: string) {
  const number = await screen.findByLabelText("Card number");
  await userEvent.clear(number);
  await userEvent.type(number, cardNumber);
  await userEvent.clear(screen.getByLabelText("Expiry date"));
  await userEvent.type(screen.getByLabelText("Expiry date"), "12/34");
  await userEvent.clear(screen.getByLabelText("CVC"));
  await userEvent.type(screen.getByLabelText("CVC"), "123");
  await userEvent.click(screen.getByRole("button", { name: "Pay €24.95" }));
}

describe("CardPaymentPanel", () => {
  it("closes 'Payment Failed' once the next card is taken", async () => {
    mockFetch({
      "GET /api/config/payments": jsonResponse(200, { provider: "local" }),
      "POST /api/payments/create-intent": jsonResponse(200, INTENT),
      "POST /api/payments/local/confirm": (_url, init) =>
        (jsonBody(init) as { cardNumber: string }).cardNumber.startsWith("4000")
          ? jsonResponse(402, { message: "Your card was declined.", code: "card_declined" })
          : jsonResponse(200, { status: "succeeded" }),
      "GET /api/payments/pay-9": jsonResponse(200, { status: "processing" }),
    });
    renderRoute(<Fee />, { toaster: true });

    await pay("4000 0000 0000 0002");
    const notifications = await screen.findByRole("region", { name: /Notifications/ });
    expect(await within(notifications).findByText("Payment Failed")).toBeInTheDocument();

    await pay("4242 4242 4242 4242");
    expect(await screen.findByText(/Confirming/)).toBeInTheDocument();
    await waitFor(() => expect(within(notifications).queryByText("Payment Failed")).not.toBeInTheDocument(), {
      timeout: 1000,
    });
  });

  it("closes the error of an intent not created once trying again works", async () => {
    let attempts = 0;
    mockFetch({
      "GET /api/config/payments": jsonResponse(200, { provider: "local" }),
      "POST /api/payments/create-intent": () =>
        ++attempts === 1 ? jsonResponse(503, { message: "The card provider did not answer." }) : jsonResponse(200, INTENT),
    });
    renderRoute(<Fee />, { toaster: true });
    const notifications = await screen.findByRole("region", { name: /Notifications/ });
    expect(await within(notifications).findByText("The card provider did not answer.")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByLabelText("Card number")).toBeInTheDocument();
    await waitFor(() => expect(within(notifications).queryByText("The card provider did not answer.")).not.toBeInTheDocument(), {
      timeout: 1000,
    });
  });

  it("says why a transfer's fee is refused while a lien stands, in the server's words", async () => {
    const refusal =
      "A registered lien stands against this vessel: the transfer can complete only once the lender consents to it or releases the lien.";
    mockFetch({
      "GET /api/config/payments": jsonResponse(200, { provider: "local" }),
      "POST /api/payments/create-intent": jsonResponse(409, {
        code: "vessel_encumbered",
        messageCode: "vessel_encumbered",
        message: refusal,
      }),
    });
    renderRoute(<TransferFee />, { toaster: true });
    expect(await screen.findByRole("alert")).toHaveTextContent(refusal);
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
