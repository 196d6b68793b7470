import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PaymentForm } from "@/features/payments/components/payment-form";
import { jsonBody, jsonResponse, mockFetch, renderRoute } from "@/test/render";

// Stripe.js is never fetched in tests: its loader and React bindings are stand-ins that
// record how the form uses them.
const confirmPayment = vi.fn();
const loadStripe = vi.fn<(key: string) => Promise<{ confirmPayment: typeof confirmPayment }>>(() =>
  Promise.resolve({ confirmPayment }),
);
vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe: (key: string) => loadStripe(key) }));
vi.mock("@stripe/react-stripe-js", () => ({
  Elements: ({ children }: { children: React.ReactNode }) => <div data-testid="elements">{children}</div>,
  PaymentElement: () => <div>Stripe Payment Element</div>,
  useStripe: () => ({ confirmPayment }),
  useElements: () => ({}),
}));

const INTENT = { clientSecret: "pi_9_secret_8", paymentId: "pay-9", amountCents: 2495, currency: "eur" };

function renderForm() {
  const onConfirmed = vi.fn();
  const onFailed = vi.fn();
  renderRoute(
    <PaymentForm
      intent={INTENT}
      returnUrl="http://localhost/register-vessel?paymentId=pay-9"
      onConfirmed={onConfirmed}
      onFailed={onFailed}
    />,
  );
  return { onConfirmed, onFailed };
}

describe("PaymentForm", () => {
  it("with the offline processor, shows its own card form and never loads Stripe", async () => {
    mockFetch({ "GET /api/config/payments": jsonResponse(200, { provider: "local" }) });
    renderForm();
    expect(await screen.findByLabelText("Card number")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay €24.95" })).toBeInTheDocument();
    expect(loadStripe).not.toHaveBeenCalled();
  });

  it("with the offline processor, puts the expiry's slash in as it is typed ('1229' is 12/29)", async () => {
    let sent: unknown;
    mockFetch({
      "GET /api/config/payments": jsonResponse(200, { provider: "local" }),
      "POST /api/payments/local/confirm": (_url, init) => {
        sent = jsonBody(init);
        return jsonResponse(200, { status: "succeeded" });
      },
    });
    const { onConfirmed } = renderForm();
    await userEvent.type(await screen.findByLabelText("Card number"), "4242 4242 4242 4242");
    const expiry = screen.getByLabelText("Expiry date");
    await userEvent.type(expiry, "12");
    expect(expiry).toHaveValue("12");
    await userEvent.type(expiry, "29");
    expect(expiry).toHaveValue("12/29");
    await userEvent.type(screen.getByLabelText("CVC"), "123");
    await userEvent.click(screen.getByRole("button", { name: "Pay €24.95" }));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalled());
    expect(sent).toMatchObject({ expMonth: 12, expYear: 2029 });

    // Backspace takes the slash with the digit before it, and a one-digit month gets its zero.
    await userEvent.clear(expiry);
    await userEvent.type(expiry, "4");
    expect(expiry).toHaveValue("04");
    await userEvent.type(expiry, "31{Backspace}{Backspace}");
    expect(expiry).toHaveValue("04");
  });

  it("with Stripe, loads the Payment Element with the publishable key and confirms with the return URL", async () => {
    mockFetch({ "GET /api/config/payments": jsonResponse(200, { provider: "stripe", publishableKey: "pk_test_abc" }) });
    confirmPayment.mockResolvedValueOnce({ error: { message: "Your card was declined." } }).mockResolvedValueOnce({});
    const { onConfirmed, onFailed } = renderForm();
    expect(await screen.findByText("Stripe Payment Element")).toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledWith("pk_test_abc");
    const pay = screen.getByRole("button", { name: "Pay €24.95" });

    await userEvent.click(pay);
    expect(onFailed).toHaveBeenCalledWith("Your card was declined.");
    expect(confirmPayment).toHaveBeenCalledWith({
      elements: {},
      confirmParams: { return_url: "http://localhost/register-vessel?paymentId=pay-9" },
      redirect: "if_required",
    });
    await userEvent.click(pay);
    expect(onConfirmed).toHaveBeenCalledTimes(1);
  });
});
