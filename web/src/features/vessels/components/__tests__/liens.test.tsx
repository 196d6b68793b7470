import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Lien } from "@/api/types";
import { DashboardPage } from "@/features/vessels/components/dashboard-page";
import { VesselCard } from "@/features/vessels/components/vessel-card";
import { VesselDetailPage } from "@/features/vessels/components/vessel-detail-page";
import { lienSchema, parseAmountCents } from "@/features/vessels/schemas/lien";
import { jsonBody, jsonResponse, mockFetch, renderRoute, urlOf } from "@/test/render";
import { makeDetail, makeUser, makeVessel } from "@/test/vessels";

/** A lien as the server answers it; by default the owner's view of an active one. */
function makeLien(overrides: Partial<Lien> = {}): Lien {
  return {
    id: "l-1",
    vesselId: "v-1",
    platformId: "7KQ2-M9XD-4HTB",
    vesselName: "Sea Breeze",
    status: "active",
    lenderName: "Waterland Bank",
    reference: "WB-2026-0042",
    amountCents: 4_500_000,
    currency: "EUR",
    registeredAt: "2026-11-26T09:00:00Z",
    activatedAt: "2026-11-27T10:00:00Z",
    releasedAt: null,
    releaseReason: null,
    transferConsentId: null,
    yourRole: "owner",
    ...overrides,
  };
}

/** What the public is told: the lender and the dates, never the amount or the reference. */
const publicLien = makeLien({ yourRole: "public", amountCents: null, currency: null, reference: null });

const ownHistory = [
  { ownerUserId: "u-owner", acquisitionType: "private", acquiredAt: "2023-06-10T12:00:00Z", transferredOutAt: null },
];

const verifiedLender = makeUser({
  id: "u-lender",
  name: "Lena Lender",
  email: "lena@waterland.test",
  identityVerificationStatus: "verified",
});

function renderVesselPage() {
  return renderRoute(<VesselDetailPage />, {
    path: "/registry/7KQ2-M9XD-4HTB",
    routePath: "/registry/:platformId",
    toaster: true,
  });
}

/** The calls made to `method path`, with their JSON bodies. */
function bodiesOf(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => urlOf(url) === path && (init?.method ?? "GET") === method)
    .map(([, init]) => jsonBody(init));
}

describe("a vessel with a lien, on its page", () => {
  it("shows the public 'Encumbered' with the lender and since when, and no amount", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail({ encumbered: true })),
      "GET /api/vessels/v-1/liens": jsonResponse(200, [publicLien]),
    });
    renderVesselPage();
    const notice = await screen.findByTestId("encumbered-notice");
    expect(notice).toHaveAttribute("role", "note");
    expect(within(notice).getByText("Encumbered")).toBeInTheDocument();
    expect(await within(notice).findByText("Registered lien: Waterland Bank, since Nov 27, 2026")).toBeInTheDocument();
    expect(screen.queryByText(/45,000/)).not.toBeInTheDocument();
    expect(screen.queryByText("WB-2026-0042")).not.toBeInTheDocument();
    // Nothing to act on for a visitor.
    expect(screen.queryByRole("button", { name: /lien/i })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Liens" })).not.toBeInTheDocument();
  });

  it("shows no notice and asks for no liens while the vessel is not encumbered", async () => {
    const fetchMock = mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail()),
    });
    renderVesselPage();
    expect(await screen.findByRole("heading", { name: "Sea Breeze", level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId("encumbered-notice")).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => urlOf(url).endsWith("/liens"))).toBe(false);
  });

  it("lets the owner read a pending lien in full and consent with the texted code", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail({}, ownHistory)),
      "GET /api/vessels/v-1/liens": jsonResponse(200, [makeLien({ status: "pending", activatedAt: null })]),
      "POST /api/liens/l-1/consent": jsonResponse(200, makeLien()),
    });
    renderVesselPage();
    const card = (await screen.findByRole("heading", { name: "Waterland Bank", level: 3 })).closest("li")!;
    expect(within(card).getByText("Awaiting the owner's consent")).toBeInTheDocument();
    expect(within(card).getByText("€45,000.00")).toBeInTheDocument();
    expect(within(card).getByText("WB-2026-0042")).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Send a new code" })).toBeEnabled();
    // The owner cannot release it: only the lender or an administrator.
    expect(within(card).queryByRole("button", { name: "Release lien" })).not.toBeInTheDocument();

    await user.click(within(card).getByRole("textbox", { name: "Digit 1 of 6" }));
    await user.keyboard("123456");
    await user.click(within(card).getByRole("button", { name: "Consent to the lien" }));
    expect((await screen.findAllByText("Lien active")).length).toBeGreaterThan(0);
    expect(bodiesOf(fetchMock, "POST", "/api/liens/l-1/consent")).toEqual([{ code: "123456" }]);
  });

  it("lets a verified user register a lien, the amount typed with a comma sent in cents", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: verifiedLender }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail({}, ownHistory)),
      "GET /api/vessels/v-1/liens": jsonResponse(200, []),
      "POST /api/vessels/v-1/liens": jsonResponse(
        201,
        makeLien({ yourRole: "lender", status: "pending", activatedAt: null, currency: "GBP" }),
      ),
    });
    renderVesselPage();
    await user.click(await screen.findByRole("button", { name: "Register a lien" }));
    const dialog = screen.getByRole("dialog", { name: "Register a lien on Sea Breeze" });
    await user.click(within(dialog).getByRole("button", { name: "Register the lien" }));
    expect(await within(dialog).findByText("Enter the lender's name (at least 2 characters).")).toBeInTheDocument();
    expect(within(dialog).getByText("Enter the loan's reference.")).toBeInTheDocument();
    expect(within(dialog).getByText("Enter the amount secured.")).toBeInTheDocument();
    expect(bodiesOf(fetchMock, "POST", "/api/vessels/v-1/liens")).toHaveLength(0);

    await user.type(within(dialog).getByLabelText("Lender's name"), "  Waterland   Bank ");
    await user.type(within(dialog).getByLabelText("Loan reference"), "WB-2026-0042");
    await user.type(within(dialog).getByLabelText("Amount secured"), "45.000,00");
    await user.selectOptions(within(dialog).getByLabelText("Currency"), "GBP");
    await user.click(within(dialog).getByRole("button", { name: "Register the lien" }));
    expect((await screen.findAllByText("Lien registered")).length).toBeGreaterThan(0);
    expect(bodiesOf(fetchMock, "POST", "/api/vessels/v-1/liens")).toEqual([
      { lenderName: "Waterland Bank", reference: "WB-2026-0042", amountCents: 4_500_000, currency: "GBP" },
    ]);
  });

  it("keeps the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: verifiedLender }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail({}, ownHistory)),
      "GET /api/vessels/v-1/liens": jsonResponse(200, []),
      "POST /api/vessels/v-1/liens": jsonResponse(409, {
        code: "lien_owner_cannot_receive_code",
        message: "The owner has no verified mobile number to receive the consent code; ask them to verify one.",
      }),
    });
    renderVesselPage();
    await user.click(await screen.findByRole("button", { name: "Register a lien" }));
    const dialog = screen.getByRole("dialog");
    await user.type(within(dialog).getByLabelText("Lender's name"), "Waterland Bank");
    await user.type(within(dialog).getByLabelText("Loan reference"), "WB-1");
    await user.type(within(dialog).getByLabelText("Amount secured"), "45000.50");
    await user.click(within(dialog).getByRole("button", { name: "Register the lien" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("The owner has no verified mobile number");
  });

  it("offers no registration to a user whose identity is not verified, nor to the owner", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser({ id: "u-other" }) }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail({ encumbered: true }, ownHistory)),
      "GET /api/vessels/v-1/liens": jsonResponse(200, [publicLien]),
    });
    const first = renderVesselPage();
    expect(await screen.findByText("Registered lien: Waterland Bank, since Nov 27, 2026")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Register a lien" })).not.toBeInTheDocument();
    first.unmount();

    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser({ identityVerificationStatus: "verified" }) }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail({}, ownHistory)),
      "GET /api/vessels/v-1/liens": jsonResponse(200, []),
    });
    renderVesselPage();
    expect(await screen.findByRole("heading", { name: "Sea Breeze", level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Register a lien" })).not.toBeInTheDocument();
  });

  it("lets the lender consent to the open transfer and release the lien", async () => {
    const user = userEvent.setup();
    const held = makeLien({ yourRole: "lender" });
    const fetchMock = mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: verifiedLender }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail({ status: "in_transfer", encumbered: true }, ownHistory)),
      "GET /api/vessels/v-1/liens": jsonResponse(200, [held]),
      "POST /api/liens/l-1/transfer-consent": jsonResponse(200, { ...held, transferConsentId: "t-1" }),
      "POST /api/liens/l-1/release": jsonResponse(200, { ...held, status: "released" }),
    });
    renderVesselPage();
    await user.click(await screen.findByRole("button", { name: "Consent to the open transfer" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Consent to the transfer of Sea Breeze?" });
    await user.click(within(confirm).getByRole("button", { name: "Consent to the open transfer" }));
    expect((await screen.findAllByText("Transfer consented to")).length).toBeGreaterThan(0);
    expect(bodiesOf(fetchMock, "POST", "/api/liens/l-1/transfer-consent")).toEqual([{}]);

    await user.click(screen.getByRole("button", { name: "Release lien" }));
    const release = await screen.findByRole("alertdialog", { name: "Release your lien on Sea Breeze?" });
    await user.click(within(release).getByRole("button", { name: "Release lien" }));
    expect((await screen.findAllByText("Lien released")).length).toBeGreaterThan(0);
    expect(bodiesOf(fetchMock, "POST", "/api/liens/l-1/release")).toEqual([{}]);
  });

  it("lets an administrator release a lien only with a reason of 10 characters or more", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser({ id: "u-admin", role: "admin" }) }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail({ encumbered: true }, ownHistory)),
      "GET /api/vessels/v-1/liens": jsonResponse(200, [makeLien({ yourRole: "administrator" })]),
      "POST /api/liens/l-1/release": jsonResponse(200, makeLien({ yourRole: "administrator", status: "released" })),
    });
    renderVesselPage();
    expect(await screen.findByText("€45,000.00")).toBeInTheDocument();
    // An administrator does not act as the lender does.
    expect(screen.queryByRole("button", { name: "Release lien" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Release (administrator)" }));
    const dialog = screen.getByRole("dialog", { name: "Release the lien of Waterland Bank on Sea Breeze?" });
    await user.type(within(dialog).getByLabelText("Reason"), "Repaid");
    await user.click(within(dialog).getByRole("button", { name: "Release lien" }));
    expect(await within(dialog).findByText("Give a reason of at least 10 characters.")).toBeInTheDocument();
    expect(bodiesOf(fetchMock, "POST", "/api/liens/l-1/release")).toHaveLength(0);

    await user.type(within(dialog).getByLabelText("Reason"), " in full, says the bank's letter");
    await user.click(within(dialog).getByRole("button", { name: "Release lien" }));
    expect((await screen.findAllByText("Lien released")).length).toBeGreaterThan(0);
    expect(bodiesOf(fetchMock, "POST", "/api/liens/l-1/release")).toEqual([{ reason: "Repaid in full, says the bank's letter" }]);
  });
});

describe("the dashboard's liens", () => {
  const dashboardRoutes = {
    "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
    "GET /api/vessels/my/list": jsonResponse(200, [makeVessel()]),
    "GET /api/transfers": jsonResponse(200, []),
  };

  it("lists the liens on my vessels, with the consent form, and those I hold; not released ones", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({
      ...dashboardRoutes,
      "GET /api/liens": jsonResponse(200, [
        makeLien({ status: "pending", activatedAt: null }),
        makeLien({
          id: "l-2",
          vesselId: "v-9",
          platformId: "AAAA-BBBB-CCC9",
          vesselName: "Northwind",
          lenderName: "Lena Lender",
          reference: "LL-7",
          amountCents: 1_250_050,
          currency: "CHF",
          yourRole: "lender",
        }),
        makeLien({ id: "l-3", vesselName: "Old Flame", status: "released", releasedAt: "2026-11-28T10:00:00Z" }),
      ]),
      "POST /api/liens/l-1/consent": jsonResponse(200, makeLien()),
    });
    renderRoute(<DashboardPage />, { path: "/dashboard", toaster: true });

    const liens = (await screen.findByRole("heading", { name: "Liens", level: 2 })).parentElement!;
    const mine = within(liens).getByRole("region", { name: "Liens on my vessels" });
    const held = within(liens).getByRole("region", { name: "Liens I hold" });
    expect(within(mine).getByRole("heading", { name: "Sea Breeze", level: 4 })).toBeInTheDocument();
    expect(within(mine).getByText("Waterland Bank")).toBeInTheDocument();
    expect(within(held).getByRole("heading", { name: "Northwind", level: 4 })).toBeInTheDocument();
    expect(within(held).getByText("CHF 12,500.50")).toBeInTheDocument();
    expect(within(held).getByRole("link", { name: "AAAA-BBBB-CCC9" })).toHaveAttribute("href", "/registry/AAAA-BBBB-CCC9");
    expect(within(held).getByRole("button", { name: "Release lien" })).toBeInTheDocument();
    expect(within(held).getByRole("button", { name: "Consent to the open transfer" })).toBeInTheDocument();
    expect(screen.queryByText("Old Flame")).not.toBeInTheDocument();

    await user.click(within(mine).getByRole("textbox", { name: "Digit 1 of 6" }));
    await user.keyboard("654321");
    await user.click(within(mine).getByRole("button", { name: "Consent to the lien" }));
    expect((await screen.findAllByText("Lien active")).length).toBeGreaterThan(0);
    expect(bodiesOf(fetchMock, "POST", "/api/liens/l-1/consent")).toEqual([{ code: "654321" }]);
  });

  it("shows only the list that has liens, and nothing when neither has", async () => {
    mockFetch({ ...dashboardRoutes, "GET /api/liens": jsonResponse(200, [makeLien({ yourRole: "lender" })]) });
    const first = renderRoute(<DashboardPage />, { path: "/dashboard" });
    expect(await screen.findByRole("region", { name: "Liens I hold" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Liens on my vessels" })).not.toBeInTheDocument();
    first.unmount();

    const fetchMock = mockFetch({ ...dashboardRoutes, "GET /api/liens": jsonResponse(200, []) });
    renderRoute(<DashboardPage />, { path: "/dashboard" });
    expect(await screen.findByRole("article")).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => urlOf(url) === "/api/liens")).toBe(true));
    expect(screen.queryByRole("heading", { name: "Liens" })).not.toBeInTheDocument();
  });
});

describe("the search card", () => {
  it("says 'Encumbered' beside the other badges while a lien is active", () => {
    mockFetch({});
    const first = renderRoute(<VesselCard vessel={makeVessel({ encumbered: true })} />);
    expect(screen.getByText("Encumbered")).toBeInTheDocument();
    first.unmount();
    renderRoute(<VesselCard vessel={makeVessel()} />);
    expect(screen.queryByText("Encumbered")).not.toBeInTheDocument();
  });
});

describe("lienSchema", () => {
  const base = { lenderName: "Waterland Bank", reference: "WB-1", amount: "45000.50", currency: "EUR" };
  const messages = (values: object) => {
    const result = lienSchema.safeParse(values);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it("takes a lender, a reference, an amount and a European currency", () => {
    expect(messages(base)).toEqual([]);
  });

  it("refuses a currency not on the list and an empty lender name", () => {
    expect(messages({ ...base, currency: "USD" })).toEqual(["validation.lienCurrency"]);
    expect(messages({ ...base, lenderName: "   " })).toEqual(["validation.lienLenderNameRequired"]);
    expect(messages({ ...base, reference: "x".repeat(61), amount: "0" })).toEqual([
      "validation.lienTextMax",
      "validation.lienAmountRange",
    ]);
    expect(messages({ ...base, amount: "45,0,0" })).toEqual(["validation.lienAmountInvalid"]);
  });

  it("reads an amount typed with a comma or a point, with or without thousands", () => {
    expect(parseAmountCents("45.000,00")).toBe(4_500_000);
    expect(parseAmountCents("45000.50")).toBe(4_500_050);
    expect(parseAmountCents("45000,5")).toBe(4_500_050);
    expect(parseAmountCents("45,000.00")).toBe(4_500_000);
    expect(parseAmountCents("45 000")).toBe(4_500_000);
    expect(parseAmountCents("45.000")).toBe(4_500_000);
    expect(parseAmountCents("1.250.000")).toBe(125_000_000);
    expect(parseAmountCents("0,01")).toBe(1);
    expect(parseAmountCents("")).toBeNull();
    for (const bad of ["45.", "4,5,6", "1.000,000.00", "12.3456", "-5", "€45", "0.001"]) {
      expect(parseAmountCents(bad)).toBeNaN();
    }
  });
});
