import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AdminPage } from "@/features/admin/routes";
import { ADMIN_STATS, vesselPageOf } from "@/test/admin";
import { jsonBody, jsonResponse, mockFetch, renderRoute, urlOf } from "@/test/render";
import { makeUser, makeVessel } from "@/test/vessels";

const admin = makeUser({ id: "u-admin", role: "admin" });

function setup(routes: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    "GET /api/auth/session": jsonResponse(200, { user: admin }),
    "GET /api/admin/stats": jsonResponse(200, ADMIN_STATS),
    "GET /api/admin/vessels": jsonResponse(
      200,
      vesselPageOf(
        [
          makeVessel(),
          makeVessel({ id: "v-2", platformId: "9ABC-DEF2-3GHJ", name: null, status: "needs_review", countryCode: "DE" }),
        ],
        42,
      ),
    ),
    ...routes,
  });
  renderRoute(<AdminPage />, { path: "/admin", routePath: "/admin", toaster: true });
  return fetchMock;
}

/** The query of every GET /api/admin/vessels made so far. */
function vesselQueries(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(urlOf(input), "http://localhost"))
    .filter((url) => url.pathname === "/api/admin/vessels")
    .map((url) => url.searchParams);
}

describe("Admin console: vessels", () => {
  it("lists vessels with their real status, and pages through 20 at a time", async () => {
    const fetchMock = setup();
    const table = await screen.findByRole("table", { name: "Vessels" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText("7KQ2-M9XD-4HTB")).toBeInTheDocument();
    expect(within(rows[0]).getByText("Sea Breeze")).toBeInTheDocument();
    expect(within(rows[0]).getByText("Bavaria Cruiser 34")).toBeInTheDocument();
    expect(within(rows[0]).getByText("Active")).toBeInTheDocument();
    expect(within(rows[0]).getByRole("link", { name: "View 7KQ2-M9XD-4HTB" })).toHaveAttribute(
      "href",
      "/registry/7KQ2-M9XD-4HTB",
    );
    expect(within(rows[0]).getByRole("button", { name: "Deactivate 7KQ2-M9XD-4HTB" })).toBeInTheDocument();
    expect(within(rows[1]).getByText("Needs Review")).toBeInTheDocument();
    expect(within(rows[1]).getByRole("button", { name: "Activate 9ABC-DEF2-3GHJ" })).toBeInTheDocument();
    expect(within(rows[1]).getByRole("button", { name: "Refund 9ABC-DEF2-3GHJ" })).toBeInTheDocument();

    expect(screen.getByText("Showing 1-20 of 42 vessels")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(vesselQueries(fetchMock).at(-1)?.get("page")).toBe("2"));
    expect(vesselQueries(fetchMock).at(-1)?.get("pageSize")).toBe("20");
  });

  it("sends the status and country filters (and the search) to the server as they change", async () => {
    const user = userEvent.setup();
    const fetchMock = setup();
    await screen.findByRole("table", { name: "Vessels" });
    expect(vesselQueries(fetchMock)[0]?.toString()).toBe("page=1&pageSize=20");

    await user.selectOptions(screen.getByLabelText("Status"), "Active");
    await waitFor(() => expect(vesselQueries(fetchMock).at(-1)?.get("status")).toBe("active"));

    await user.selectOptions(screen.getByLabelText("Country"), "NL");
    await waitFor(() => expect(vesselQueries(fetchMock).at(-1)?.get("countryCode")).toBe("NL"));
    expect(screen.getByLabelText("Country").parentElement?.querySelector("img")?.getAttribute("src")).toMatch(/nl\.svg/);
    const last = vesselQueries(fetchMock).at(-1)!;
    expect(last.get("status")).toBe("active");
    expect(last.get("page")).toBe("1");

    await user.type(screen.getByRole("searchbox", { name: "Search vessels" }), "Zeemeeuw");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(vesselQueries(fetchMock).at(-1)?.get("query")).toBe("Zeemeeuw"));
    expect(vesselQueries(fetchMock).at(-1)?.toString()).toBe("query=Zeemeeuw&status=active&countryCode=NL&page=1&pageSize=20");
  });

  it("offers all eleven countries and the five statuses", async () => {
    setup();
    await screen.findByRole("table", { name: "Vessels" });
    const countries = within(screen.getByLabelText("Country")).getAllByRole("option");
    expect(countries.map((o) => o.getAttribute("value"))).toEqual([
      "",
      "NL",
      "DE",
      "FR",
      "ES",
      "IT",
      "BE",
      "PL",
      "PT",
      "GR",
      "HR",
      "CH",
    ]);
    const statuses = within(screen.getByLabelText("Status")).getAllByRole("option");
    expect(statuses.map((o) => o.textContent)).toEqual([
      "All",
      "Active",
      "In Transfer",
      "Pending Payment",
      "Needs Review",
      "Deactivated",
    ]);
  });

  it("deactivates a vessel only with a reason, shows the server's refusal, then succeeds and refreshes", async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const fetchMock = setup({
      "POST /api/admin/vessels/7KQ2-M9XD-4HTB/deactivate": () =>
        ++attempts === 1
          ? jsonResponse(409, { message: "The vessel is already deactivated.", code: "conflict" })
          : jsonResponse(200, makeVessel({ status: "deactivated" })),
    });
    await user.click(await screen.findByRole("button", { name: "Deactivate 7KQ2-M9XD-4HTB" }));
    const dialog = await screen.findByRole("dialog", { name: "Deactivate Sea Breeze?" });
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    expect(await within(dialog).findByText("Enter a reason")).toBeInTheDocument();
    expect(attempts).toBe(0);

    await user.type(within(dialog).getByLabelText("Reason"), "Reported stolen");
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("The vessel is already deactivated.");

    const statsBefore = fetchMock.mock.calls.filter(([url]) => urlOf(url) === "/api/admin/stats").length;
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect((await screen.findAllByText("Vessel deactivated")).length).toBeGreaterThan(0);
    const post = fetchMock.mock.calls.filter(([, init]) => init?.method === "POST").at(-1)!;
    expect(jsonBody(post[1])).toEqual({ reason: "Reported stolen" });
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => urlOf(url) === "/api/admin/stats").length).toBeGreaterThan(statsBefore),
    );
  });

  it("resolves a vessel under review with the action and the reason", async () => {
    const user = userEvent.setup();
    const fetchMock = setup({
      "POST /api/admin/vessels/9ABC-DEF2-3GHJ/resolve": jsonResponse(200, makeVessel({ id: "v-2", status: "active" })),
    });
    await user.click(await screen.findByRole("button", { name: "Activate 9ABC-DEF2-3GHJ" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Reason"), "  Identifiers checked by phone  ");
    await user.click(within(dialog).getByRole("button", { name: "Activate" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([url, init]) => init?.method === "POST" && urlOf(url).endsWith("/resolve"))!;
    expect(jsonBody(post[1])).toEqual({ action: "activate", reason: "Identifiers checked by phone" });
  });

  it("hands a vessel its buyer never claimed to an account, or returns it to its seller", async () => {
    const user = userEvent.setup();
    const unclaimed = makeVessel({
      id: "v-3",
      platformId: "4MNP-QRS5-6TUV",
      name: "Waiting Gull",
      status: "needs_review",
      reviewReason: "The buyer did not claim the vessel within 30 days.",
      reviewReasonCode: "vessel_claim_window_expired_review",
    });
    const fetchMock = setup({
      "GET /api/admin/vessels": jsonResponse(200, vesselPageOf([unclaimed])),
      "POST /api/admin/vessels/4MNP-QRS5-6TUV/resolve": jsonResponse(200, { ...unclaimed, status: "active" }),
    });
    // Not activated or refunded like an identifier conflict: handed over or returned.
    await user.click(await screen.findByRole("button", { name: "Hand over 4MNP-QRS5-6TUV" }));
    expect(screen.queryByRole("button", { name: "Activate 4MNP-QRS5-6TUV" })).not.toBeInTheDocument();
    let dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Email address of the receiving account"), "not an address");
    await user.type(within(dialog).getByLabelText("Reason"), "Bill of sale checked");
    await user.click(within(dialog).getByRole("button", { name: "Hand over" }));
    expect(await within(dialog).findByText("Invalid email address")).toBeInTheDocument();
    const email = within(dialog).getByLabelText("Email address of the receiving account");
    await user.clear(email);
    await user.type(email, " buyer@example.nl ");
    await user.click(within(dialog).getByRole("button", { name: "Hand over" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const posts = () => fetchMock.mock.calls.filter(([url, init]) => init?.method === "POST" && urlOf(url).endsWith("/resolve"));
    expect(jsonBody(posts()[0][1])).toEqual({ action: "hand_over", reason: "Bill of sale checked", email: "buyer@example.nl" });

    await user.click(await screen.findByRole("button", { name: "Return 4MNP-QRS5-6TUV to its seller" }));
    dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByLabelText("Email address of the receiving account")).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Reason"), "Sale fell through");
    await user.click(within(dialog).getByRole("button", { name: "Return to seller" }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(jsonBody(posts()[1][1])).toEqual({ action: "return_to_seller", reason: "Sale fell through" });
  });

  it("says so when no vessel matches", async () => {
    setup({ "GET /api/admin/vessels": jsonResponse(200, vesselPageOf([])) });
    expect(await screen.findByText("No vessels match these filters.")).toBeInTheDocument();
  });
});

describe("Admin console: theft reports", () => {
  const stolen = {
    reportedAt: "2026-11-21T08:00:00Z",
    stolenAt: "2026-11-20T00:00:00Z",
    place: "Muiden",
    status: "reported" as const,
  };

  it("confirms a reported theft, and removes a false one with the reason the owner reads", async () => {
    const user = userEvent.setup();
    const posts: { path: string; body: unknown }[] = [];
    const record = (path: string) => (_url: unknown, init: RequestInit | undefined) => {
      posts.push({ path, body: jsonBody(init) });
      return jsonResponse(200, { id: "r-1", status: path.endsWith("confirm") ? "confirmed" : "removed" });
    };
    setup({
      "GET /api/admin/vessels": jsonResponse(200, vesselPageOf([makeVessel({ stolen })], 1)),
      "POST /api/admin/vessels/7KQ2-M9XD-4HTB/stolen/confirm": record("confirm"),
      "POST /api/admin/vessels/7KQ2-M9XD-4HTB/stolen/remove": record("remove"),
    });
    expect(await screen.findByText("Reported stolen")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Confirm the theft report of 7KQ2-M9XD-4HTB" }));
    expect((await screen.findAllByText("Theft report confirmed")).length).toBeGreaterThan(0);

    await user.click(screen.getByRole("button", { name: "Remove the theft report of 7KQ2-M9XD-4HTB as false" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove the theft report of Sea Breeze (7KQ2-M9XD-4HTB)?" });
    await user.type(within(dialog).getByLabelText("Reason"), "The police know of no such report.");
    await user.click(within(dialog).getByRole("button", { name: "Remove false report" }));
    expect((await screen.findAllByText("Theft report removed")).length).toBeGreaterThan(0);
    expect(posts).toEqual([
      { path: "confirm", body: {} },
      { path: "remove", body: { reason: "The police know of no such report." } },
    ]);
  });
});
