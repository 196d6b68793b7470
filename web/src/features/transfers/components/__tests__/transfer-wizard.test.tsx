import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { CountryConfig, Transfer, Vessel } from "@/api/types";
import { TransferPage } from "@/features/vessels/routes";
import { makeHullCheck } from "@/test/hull-check";
import { jsonBody, jsonResponse, mockFetch, renderRoute, urlOf } from "@/test/render";
import { makeTransfer, makeTransferPayment, TRANSFER_ID, TRANSFER_INTENT } from "@/test/transfers";
import { COUNTRIES, makeUser, makeVessel } from "@/test/vessels";

type Routes = Parameters<typeof mockFetch>[0];

/** The eleven supported countries (spec section 3), each with its own dialling code. */
const ALL_COUNTRIES: CountryConfig[] = [
  ...COUNTRIES,
  ...(
    [
      ["FR", "🇫🇷", "+33"],
      ["ES", "🇪🇸", "+34"],
      ["IT", "🇮🇹", "+39"],
      ["BE", "🇧🇪", "+32"],
      ["PL", "🇵🇱", "+48"],
      ["PT", "🇵🇹", "+351"],
      ["GR", "🇬🇷", "+30"],
      ["HR", "🇭🇷", "+385"],
      ["CH", "🇨🇭", "+41"],
    ] as const
  ).map(([code, flag, phonePrefix]) => ({
    code,
    flag,
    phonePrefix,
    name: { en: code, nl: code, de: code, fr: code, es: code, it: code },
    identifiers: [],
  })),
];

function setup(extra: Routes = {}, vessels: Vessel[] = [makeVessel()], transfers: Transfer[] = []) {
  const fetchMock = mockFetch({
    "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
    "GET /api/vessels/my/list": jsonResponse(200, vessels),
    "GET /api/transfers": jsonResponse(200, transfers),
    "GET /api/config/countries": jsonResponse(200, ALL_COUNTRIES),
    "GET /api/config/payments": jsonResponse(200, { provider: "local" }),
    ...extra,
  });
  const view = renderRoute(<TransferPage />, { path: "/transfer/v-1", routePath: "/transfer/:vesselId", toaster: true });
  return { fetchMock, ...view };
}

function callsTo(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === path && init?.method === "POST")
    .map(([, init]) => (typeof init?.body === "string" ? jsonBody(init) : null));
}

function tooMany(message: string, retryAfter: number) {
  return new Response(JSON.stringify({ message, code: "too_many_requests" }), {
    status: 429,
    headers: { "Content-Type": "application/json", "Retry-After": String(retryAfter) },
  });
}

async function typeCode(code: string) {
  await userEvent.click(screen.getByRole("textbox", { name: "Digit 1 of 6" }));
  await userEvent.keyboard(code);
}

/** Step 1 filled with a Dutch mobile number typed the way people write it. */
async function fillNewOwner(number = "06 1234 5678") {
  const prefix = await screen.findByLabelText("Country code");
  await waitFor(() => expect(prefix).toHaveValue("+31"));
  await userEvent.type(screen.getByLabelText("New owner's mobile number"), number);
  await userEvent.click(screen.getByRole("checkbox", { name: /I confirm that I am transferring ownership/ }));
}

describe("Transfer wizard", () => {
  it("shows 'Vessel Not Found' for a vessel that is missing or not the caller's", async () => {
    setup({}, [makeVessel({ id: "v-other" })]);
    expect(await screen.findByRole("heading", { name: "Vessel Not Found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to My Vessels" })).toHaveAttribute("href", "/dashboard");
  });

  it("shows the steps, the vessel's summary, every supported prefix, the fee notice and step 1's messages", async () => {
    setup();
    expect(await screen.findByRole("heading", { name: "New Owner", level: 2 })).toBeInTheDocument();
    const steps = screen.getByRole("list", { name: "Transfer steps" });
    expect(
      within(steps)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["1New Owner", "2SMS Verify", "3Payment"]);
    expect(within(steps).getAllByRole("listitem")[0]).toHaveAttribute("aria-current", "step");

    const summary = screen.getByRole("region", { name: "Sea Breeze" });
    expect(summary).toHaveTextContent("Bavaria Cruiser 34");
    expect(summary).toHaveTextContent("7KQ2-M9XD-4HTB");
    expect(within(summary).getByRole("img", { name: "Netherlands" }).getAttribute("src")).toMatch(/nl\.svg/);

    const prefix = await screen.findByLabelText("Country code");
    await waitFor(() => expect(within(prefix).getAllByRole("option")).toHaveLength(12));
    expect(
      within(prefix)
        .getAllByRole("option")
        .map((o) => (o as HTMLOptionElement).value)
        .slice(1),
    ).toEqual(["+31", "+49", "+33", "+34", "+39", "+32", "+48", "+351", "+30", "+385", "+41"]);
    // The vessel's country's code is chosen for a start.
    expect(prefix).toHaveValue("+31");
    expect(screen.getByText("Transfer Fee: €9.95")).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/New owner's email/), "not-an-email");
    await userEvent.click(screen.getByRole("button", { name: "Send Verification SMS" }));
    expect(await screen.findByText("Phone number is required")).toBeInTheDocument();
    expect(screen.getByText("Invalid email address")).toBeInTheDocument();
    expect(screen.getByText("You must confirm the transfer")).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("New owner's mobile number"), "06-abc");
    await userEvent.click(screen.getByRole("button", { name: "Send Verification SMS" }));
    expect(await screen.findByText("Invalid phone number format")).toBeInTheDocument();
  });

  it("shows at 'New Owner' what the buyer's hull check of the vessel says, with a link to the full check", async () => {
    const { fetchMock } = setup({
      "GET /api/hull-check": jsonResponse(
        200,
        makeHullCheck({
          encumbered: true,
          summary: "Before you pay: not reported stolen, a registered lien stands (the lender must consent), history verified.",
        }),
      ),
    });
    const brief = await screen.findByRole("region", { name: "What a buyer's hull check shows" });
    expect(brief).toHaveTextContent(
      "Before you pay: not reported stolen, a registered lien stands (the lender must consent), history verified.",
    );
    const status = within(brief).getByRole("list", { name: "Status" });
    expect(
      within(status)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Encumbered", "History verified"]);
    expect(within(brief).getByRole("link", { name: "Open the full hull check" })).toHaveAttribute(
      "href",
      "/check?platformId=7KQ2-M9XD-4HTB",
    );
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(urlOf(input), "http://localhost"))
      .filter((url) => url.pathname === "/api/hull-check");
    expect(asked.map((url) => url.search)).toEqual(["?platformId=7KQ2-M9XD-4HTB"]);
    // The form is there all the same.
    expect(screen.getByRole("button", { name: "Send Verification SMS" })).toBeInTheDocument();
  });

  it("says 'Reported stolen' in the buyer's hull check, and shows none when it cannot be had", async () => {
    setup({
      "GET /api/hull-check": jsonResponse(
        200,
        makeHullCheck({
          stolen: { reportedAt: "2026-11-21T08:00:00Z", stolenAt: "2026-11-20T00:00:00Z", place: "Muiden", status: "reported" },
          historyVerified: false,
          summary: "Before you pay: REPORTED STOLEN, no registered lien, history could NOT be verified.",
        }),
      ),
    });
    const brief = await screen.findByRole("region", { name: "What a buyer's hull check shows" });
    expect(within(brief).getByText("Reported stolen")).toBeInTheDocument();
    expect(within(brief).getByText("History not verified")).toBeInTheDocument();
    expect(within(brief).queryByText("Encumbered")).not.toBeInTheDocument();
  });

  it("leaves the buyer's hull check out when the server does not answer it", async () => {
    setup({ "GET /api/hull-check": jsonResponse(503, { message: "Busy", code: "busy" }) });
    expect(await screen.findByRole("heading", { name: "New Owner", level: 2 })).toBeInTheDocument();
    await screen.findByRole("button", { name: "Send Verification SMS" });
    await waitFor(() => expect(screen.queryByTestId("buyers-hull-check")).not.toBeInTheDocument());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("sends the E.164 number, announces 'Transfer Initiated' and moves to the code boxes, with Resend counting down", async () => {
    let transfers: Transfer[] = [];
    const { fetchMock } = setup({
      "GET /api/transfers": () => jsonResponse(200, transfers),
      "POST /api/transfers/initiate": () => {
        transfers = [makeTransfer()];
        return jsonResponse(201, { transferId: TRANSFER_ID });
      },
      [`GET /api/transfers/${TRANSFER_ID}`]: () => jsonResponse(200, makeTransfer({ createdAt: new Date().toISOString() })),
    });
    await fillNewOwner();
    await userEvent.click(screen.getByRole("button", { name: "Send Verification SMS" }));

    expect((await screen.findAllByText("Transfer Initiated")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("SMS sent to new owner for verification").length).toBeGreaterThan(0);
    expect(callsTo(fetchMock, "/api/transfers/initiate")).toEqual([{ vesselId: "v-1", toPhoneE164: "+31612345678" }]);

    expect(await screen.findByRole("heading", { name: "SMS Verification" })).toBeInTheDocument();
    // The first code box has the focus: the code read out can be typed at once.
    expect(screen.getByRole("textbox", { name: "Digit 1 of 6" })).toHaveFocus();
    await userEvent.keyboard("424");
    expect(screen.getByRole("textbox", { name: "Digit 3 of 6" })).toHaveValue("4");
    expect(await screen.findByText(/We sent a 6-digit code to \+31 6•••••678/)).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "SMS code" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Verify & Continue" })).toBeDisabled();
    expect(screen.getByRole("button", { name: /Resend code in (59|60) s/ })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Cancel transfer" })).toBeInTheDocument();
  });

  it("sends a '+' number as typed and the email when given", async () => {
    const { fetchMock } = setup({ "POST /api/transfers/initiate": jsonResponse(201, { transferId: TRANSFER_ID }) });
    await fillNewOwner("+351 912 345 678");
    await userEvent.type(screen.getByLabelText(/New owner's email/), "buyer@example.test");
    await userEvent.click(screen.getByRole("button", { name: "Send Verification SMS" }));
    await waitFor(() =>
      expect(callsTo(fetchMock, "/api/transfers/initiate")).toEqual([
        { vesselId: "v-1", toPhoneE164: "+351912345678", toEmail: "buyer@example.test" },
      ]),
    );
  });

  it("shows 'Transfer Failed' with the server's message, and its field error on the number", async () => {
    setup({
      "POST /api/transfers/initiate": jsonResponse(422, {
        message: "This is your own phone number. Enter the new owner's number.",
        code: "validation_failed",
        fields: { toPhoneE164: ["This is your own phone number. Enter the new owner's number."] },
      }),
    });
    await fillNewOwner();
    await userEvent.click(screen.getByRole("button", { name: "Send Verification SMS" }));
    expect((await screen.findAllByText("Transfer Failed")).length).toBeGreaterThan(0);
    const phone = screen.getByLabelText("New owner's mobile number");
    await waitFor(() => expect(phone).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getAllByText("This is your own phone number. Enter the new owner's number.").length).toBeGreaterThan(1);
    expect(screen.getByRole("heading", { name: "New Owner", level: 2 })).toBeInTheDocument();
  });

  it("resumes an open transfer at step 2; a wrong code shows 'Verification Failed', the right one opens the payment", async () => {
    let verified = false;
    const { fetchMock } = setup(
      {
        [`GET /api/transfers/${TRANSFER_ID}`]: () =>
          jsonResponse(200, makeTransfer({ status: verified ? "verified" : "pending_verification" })),
        [`POST /api/transfers/${TRANSFER_ID}/verify-otp`]: (_url, init) => {
          if ((jsonBody(init) as { otp: string }).otp !== "424242") {
            return jsonResponse(400, { message: "That code is not right. 4 attempts left.", code: "wrong_code" });
          }
          verified = true;
          return jsonResponse(200, makeTransfer({ status: "verified", verifiedAt: "2026-11-23T10:01:00Z" }));
        },
        "POST /api/payments/create-intent": jsonResponse(200, TRANSFER_INTENT),
      },
      [makeVessel({ status: "in_transfer" })],
      [makeTransfer()],
    );
    expect(await screen.findByRole("heading", { name: "SMS Verification" })).toBeInTheDocument();

    await typeCode("111111");
    await userEvent.click(screen.getByRole("button", { name: "Verify & Continue" }));
    expect((await screen.findAllByText("Verification Failed")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("That code is not right. 4 attempts left.").length).toBeGreaterThan(0);
    // The boxes are empty again, ready for the next try.
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Digit 1 of 6" })).toHaveValue(""));
    expect(screen.getByRole("button", { name: "Verify & Continue" })).toBeDisabled();

    const notifications = screen.getByRole("region", { name: /Notifications/ });
    expect(within(notifications).getByText("Verification Failed")).toBeInTheDocument();

    await typeCode("424242");
    await userEvent.click(screen.getByRole("button", { name: "Verify & Continue" }));
    expect(await screen.findByRole("heading", { name: "Transfer Fee Payment" })).toBeInTheDocument();
    // The right code ends the failure: its toast goes with it (not after its 5 s).
    await waitFor(() => expect(within(notifications).queryByText("Verification Failed")).not.toBeInTheDocument(), {
      timeout: 1000,
    });
    expect(await screen.findByRole("button", { name: "Pay €9.95" })).toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/payments/create-intent")).toEqual([
      { purpose: "transfer", vesselId: "v-1", transferId: TRANSFER_ID },
    ]);
    expect(callsTo(fetchMock, `/api/transfers/${TRANSFER_ID}/verify-otp`)).toEqual([{ otp: "111111" }, { otp: "424242" }]);
  });

  it("resends the code once allowed, and counts down again", async () => {
    let resends = 0;
    const longAgo = makeTransfer({ createdAt: new Date(Date.now() - 5 * 60_000).toISOString() });
    setup(
      {
        [`GET /api/transfers/${TRANSFER_ID}`]: jsonResponse(200, longAgo),
        [`POST /api/transfers/${TRANSFER_ID}/resend-otp`]: () => {
          resends += 1;
          return jsonResponse(202, { message: "A new code has been sent to the new owner's phone." });
        },
      },
      [makeVessel({ status: "in_transfer" })],
      [longAgo],
    );
    const resend = await screen.findByRole("button", { name: "Resend code" });
    expect(resend).toBeEnabled();
    await userEvent.click(resend);
    expect((await screen.findAllByText("New code sent")).length).toBeGreaterThan(0);
    expect(await screen.findByRole("button", { name: /Resend code in (59|60) s/ })).toBeDisabled();
    expect(resends).toBe(1);
  });

  it("after a refused resend, waits as long as the server says", async () => {
    const longAgo = makeTransfer({ createdAt: new Date(Date.now() - 5 * 60_000).toISOString() });
    setup(
      {
        [`GET /api/transfers/${TRANSFER_ID}`]: jsonResponse(200, longAgo),
        [`POST /api/transfers/${TRANSFER_ID}/resend-otp`]: () =>
          tooMany("A code was sent a moment ago. You can ask for a new one in 42 seconds.", 42),
      },
      [makeVessel({ status: "in_transfer" })],
      [longAgo],
    );
    await userEvent.click(await screen.findByRole("button", { name: "Resend code" }));
    expect((await screen.findAllByText("Code not sent")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("A code was sent a moment ago. You can ask for a new one in 42 seconds.").length).toBeGreaterThan(
      0,
    );
    expect(await screen.findByRole("button", { name: /Resend code in (41|42) s/ })).toBeDisabled();
  });

  it("resumes a verified transfer at the payment; paying ends on /dashboard with 'Transfer Complete'", async () => {
    let paid = false;
    const verified = makeTransfer({ status: "verified", verifiedAt: "2026-11-23T10:01:00Z" });
    const { fetchMock } = setup(
      {
        [`GET /api/transfers/${TRANSFER_ID}`]: () =>
          jsonResponse(200, paid ? { ...verified, status: "completed", completedAt: "2026-11-23T10:03:00Z" } : verified),
        "POST /api/payments/create-intent": jsonResponse(200, TRANSFER_INTENT),
        "POST /api/payments/local/confirm": () => {
          paid = true;
          return jsonResponse(200, { status: "succeeded" });
        },
        "GET /api/payments/pay-7": () => jsonResponse(200, makeTransferPayment(paid ? "succeeded" : "requires_payment")),
      },
      [makeVessel({ status: "in_transfer" })],
      [verified],
    );
    expect(await screen.findByRole("heading", { name: "Transfer Fee Payment" })).toBeInTheDocument();
    const steps = screen.getByRole("list", { name: "Transfer steps" });
    expect(within(steps).getAllByRole("listitem")[2]).toHaveAttribute("aria-current", "step");
    expect(screen.getByRole("region", { name: "Transfer summary" })).toHaveTextContent("€9.95");

    const pay = await screen.findByRole("button", { name: "Pay €9.95" });
    await userEvent.type(screen.getByLabelText("Card number"), "4242 4242 4242 4242");
    await userEvent.type(screen.getByLabelText("Expiry date"), "12 / 34");
    await userEvent.type(screen.getByLabelText("CVC"), "123");
    await userEvent.click(pay);

    expect(await screen.findByText("Navigated to /dashboard")).toBeInTheDocument();
    expect(screen.getAllByText("Transfer Complete").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Sea Breeze is now registered to its new owner.").length).toBeGreaterThan(0);
    expect(callsTo(fetchMock, "/api/payments/local/confirm")[0]).toMatchObject({
      clientSecret: "pi_7_secret_8",
      returnUrl: `${window.location.origin}/transfers/payment?paymentId=pay-7`,
    });
  });

  it("cancels the open transfer after confirming and goes back to step 1", async () => {
    let transfers = [makeTransfer()];
    const { fetchMock } = setup(
      {
        "GET /api/transfers": () => jsonResponse(200, transfers),
        [`GET /api/transfers/${TRANSFER_ID}`]: () => jsonResponse(200, transfers[0]),
        [`POST /api/transfers/${TRANSFER_ID}/cancel`]: () => {
          transfers = [makeTransfer({ status: "canceled", canceledAt: "2026-11-23T10:05:00Z" })];
          return jsonResponse(200, transfers[0]);
        },
      },
      [makeVessel({ status: "in_transfer" })],
    );
    expect(await screen.findByRole("heading", { name: "SMS Verification" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Cancel transfer" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Cancel this transfer?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel transfer" }));

    expect((await screen.findAllByText("Transfer Canceled")).length).toBeGreaterThan(0);
    expect(await screen.findByRole("heading", { name: "New Owner", level: 2 })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send Verification SMS" })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === `/api/transfers/${TRANSFER_ID}/cancel`)).toHaveLength(1);
  });

  it("refuses a vessel that is not active with the reason", async () => {
    setup({}, [makeVessel({ status: "pending_payment" })]);
    expect(await screen.findByText(/This vessel cannot be transferred now \(status: Awaiting payment\)/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send Verification SMS" })).not.toBeInTheDocument();
  });
});
