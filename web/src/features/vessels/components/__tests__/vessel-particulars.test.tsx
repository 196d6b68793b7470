import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Correction, CorrectionRequest, Vessel, VesselDetail } from "@/api/types";
import { VesselDetailPage } from "@/features/vessels/routes";
import { jsonBody, jsonResponse, mockFetch, renderRoute, urlOf } from "@/test/render";
import { COUNTRIES, makeCorrectionRequest, makeDetail, makeUser, makeVessel } from "@/test/vessels";

type Routes = Parameters<typeof mockFetch>[0];

const nbsp = "\u00a0";

const owned = [
  { ownerUserId: "u-owner", acquisitionType: "private", acquiredAt: "2023-06-10T12:00:00Z", transferredOutAt: null },
];

const DESCRIBED: Partial<Vessel> = {
  vesselType: "sail",
  hullMaterial: "grp",
  hullColour: "Navy blue",
  homePort: "Lelystad",
  engines: [
    { make: "Volvo Penta", model: "D2-40", powerKw: 29.4 },
    { make: "Torqeedo", model: null, powerKw: 3 },
  ],
};

const CORRECTIONS: Correction[] = [
  { field: "mmsi", from: null, to: "244123456", madeBy: "registry", correctedAt: "2026-11-25T09:00:00Z" },
  { field: "lengthCm", from: "1099", to: "1120", madeBy: "registry", correctedAt: "2026-11-24T09:00:00Z" },
  {
    field: "engines",
    from: null,
    to: JSON.stringify([{ make: "Volvo Penta", model: "D2-40", powerKw: 29.4 }]),
    madeBy: "owner",
    correctedAt: "2026-11-23T09:00:00Z",
  },
  { field: "vesselType", from: "motor", to: "sail", madeBy: "owner", correctedAt: "2026-11-23T09:00:00Z" },
  { field: "homePort", from: "Muiden", to: "Lelystad", madeBy: "owner", correctedAt: "2026-11-23T09:00:00Z" },
];

function detail(overrides: Partial<VesselDetail> = {}, vessel: Parameters<typeof makeDetail>[0] = {}): VesselDetail {
  return { ...makeDetail({ ...DESCRIBED, ...vessel }, owned), ...overrides };
}

/** The vessel's page for its owner (or, with `user: null`, for a visitor). */
function setup({
  routes = {},
  vessel = detail(),
  user = makeUser(),
}: { routes?: Routes; vessel?: VesselDetail; user?: ReturnType<typeof makeUser> | null } = {}) {
  const fetchMock = mockFetch({
    "GET /api/auth/session": jsonResponse(200, { user }),
    "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, vessel),
    "GET /api/vessels/7KQ2-M9XD-4HTB/documents": jsonResponse(200, []),
    "GET /api/vessels/7KQ2-M9XD-4HTB/record": jsonResponse(200, { entries: [], latestValuationCents: null, totalSpentCents: 0 }),
    "GET /api/vessels/v-1/correction-requests": jsonResponse(200, []),
    "GET /api/config/countries": jsonResponse(200, COUNTRIES),
    ...routes,
  });
  renderRoute(<VesselDetailPage />, { path: "/registry/7KQ2-M9XD-4HTB", routePath: "/registry/:platformId", toaster: true });
  return fetchMock;
}

function calls(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  return fetchMock.mock.calls.filter(([url, init]) => urlOf(url) === path && (init?.method ?? "GET") === method);
}

/** The value a particulars list shows for a label. */
function fact(label: string) {
  return screen.getByText(label, { selector: "dt" }).nextElementSibling;
}

async function seeToast(text: string | RegExp) {
  expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
}

describe("VesselDetailPage: particulars and their corrections", { timeout: 20_000 }, () => {
  it("shows visitors the particulars given, translated, one line per engine", async () => {
    const fetchMock = setup({ user: null, vessel: detail({ corrections: [] }, { hullColour: null }) });
    await screen.findByRole("heading", { name: "Sea Breeze", level: 1 });
    expect(fact("Type")).toHaveTextContent("Sailing vessel");
    expect(fact("Hull material")).toHaveTextContent("GRP (fibreglass)");
    expect(fact("Home port")).toHaveTextContent("Lelystad");
    expect(fact("Engine 1")).toHaveTextContent(/^Volvo Penta D2-40, 29\.4\skW$/);
    expect(fact("Engine 2")).toHaveTextContent(/^Torqeedo, 3\skW$/);
    // Not given: not shown.
    expect(screen.queryByText("Hull colour")).not.toBeInTheDocument();
    // No corrections, nothing to list; and a visitor has nothing to edit or request.
    expect(screen.queryByRole("heading", { name: "Corrections to particulars" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit particulars" })).not.toBeInTheDocument();
    expect(calls(fetchMock, "GET", "/api/vessels/v-1/correction-requests")).toHaveLength(0);
  });

  it("names the only engine 'Engine'", async () => {
    setup({ user: null, vessel: detail({}, { engines: [{ make: "Yamaha", model: "F9.9", powerKw: 7.3 }] }) });
    await screen.findByRole("heading", { name: "Sea Breeze", level: 1 });
    expect(fact("Engine")).toHaveTextContent(/^Yamaha F9\.9, 7\.3\skW$/);
  });

  it("lists every correction, newest first, with what changed and who made it", async () => {
    setup({ user: null, vessel: detail({ corrections: CORRECTIONS }) });
    const list = await screen.findByRole("list", { name: "Corrections to particulars" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Nov 25, 2026MMSI: none → 244123456by the registry",
      `Nov 24, 2026Length: 10.99${nbsp}m → 11.20${nbsp}mby the registry`,
      `Nov 23, 2026Engines: none → Volvo Penta D2-40, 29.4${nbsp}kWby the owner`,
      "Nov 23, 2026Type: Motor vessel → Sailing vesselby the owner",
      "Nov 23, 2026Home port: Muiden → Lelystadby the owner",
    ]);
    expect(within(items[0]).getByText("Nov 25, 2026")).toHaveAttribute("datetime", "2026-11-25T09:00:00Z");
  });

  it("lets the owner edit the particulars, sending only what changed, and reloads the vessel", async () => {
    const user = userEvent.setup();
    const patched: unknown[] = [];
    const fetchMock = setup({
      routes: {
        "PATCH /api/vessels/v-1": (_url, init) => {
          patched.push(jsonBody(init));
          return jsonResponse(200, makeVessel({ ...DESCRIBED, homePort: "Muiden" }));
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Edit particulars" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit particulars" });
    expect(dialog).toHaveTextContent("Each change is listed publicly on the vessel's page");
    expect(dialog).toHaveTextContent("a certificate issued before stops being current");
    // The vessel as it is.
    expect(within(dialog).getByLabelText("Vessel name")).toHaveValue("Sea Breeze");
    expect(within(dialog).getByLabelText("Type")).toHaveValue("sail");
    expect(within(dialog).getByLabelText("Home port")).toHaveValue("Lelystad");
    expect(within(within(dialog).getByRole("group", { name: "Engine 1" })).getByLabelText("Power (kW)")).toHaveValue("29.4");

    // Saving nothing changed sends nothing.
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await within(dialog).findByText("Nothing has changed yet.")).toBeInTheDocument();
    expect(patched).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText("Home port"));
    await user.type(within(dialog).getByLabelText("Home port"), "Muiden");
    await user.click(within(dialog).getByRole("button", { name: "Remove engine 2" }));
    const gets = calls(fetchMock, "GET", "/api/vessels/7KQ2-M9XD-4HTB").length;
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));

    await seeToast("Particulars saved");
    expect(patched).toEqual([{ homePort: "Muiden", engines: [{ make: "Volvo Penta", model: "D2-40", powerKw: 29.4 }] }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(calls(fetchMock, "GET", "/api/vessels/7KQ2-M9XD-4HTB").length).toBeGreaterThan(gets));
  });

  it("puts the server's field errors on the fields", async () => {
    const user = userEvent.setup();
    setup({
      routes: {
        "PATCH /api/vessels/v-1": jsonResponse(422, {
          message: "Some fields are invalid.",
          code: "validation_failed",
          messageCode: "validation_failed",
          fields: {
            homePort: ["The home port can have at most 80 characters, without control characters."],
            engines: ["Engine power must be between 0.1 and 10,000 kW."],
          },
        }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Edit particulars" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit particulars" });
    await user.type(within(dialog).getByLabelText("Home port"), " marina");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(within(dialog).getByLabelText("Home port")).toHaveAttribute("aria-invalid", "true"));
    expect(within(dialog).getByLabelText("Home port")).toHaveAccessibleDescription(
      /The home port can have at most 80 characters, without control characters\./,
    );
    expect(within(dialog).getByRole("group", { name: "Engines" })).toHaveAccessibleDescription(
      "Engine power must be between 0.1 and 10,000 kW.",
    );
    expect(screen.getByRole("dialog", { name: "Edit particulars" })).toBeInTheDocument();
  });

  it("says so when the particulars were changed meanwhile, and reads the vessel again", async () => {
    const user = userEvent.setup();
    const message = "The vessel's particulars were changed meanwhile. Reload the page and try again.";
    const fetchMock = setup({
      routes: {
        "PATCH /api/vessels/v-1": jsonResponse(409, {
          message,
          code: "conflict",
          messageCode: "particulars_changed_meanwhile",
        }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Edit particulars" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit particulars" });
    await user.selectOptions(within(dialog).getByLabelText("Hull material"), "Wood");
    const gets = calls(fetchMock, "GET", "/api/vessels/7KQ2-M9XD-4HTB").length;
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await seeToast("Particulars not saved");
    await seeToast(message);
    await waitFor(() => expect(calls(fetchMock, "GET", "/api/vessels/7KQ2-M9XD-4HTB").length).toBeGreaterThan(gets));
  });

  it("sends a correction request, with the server's word on the value kept on the field", async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    let answer = 422;
    const requests: CorrectionRequest[] = [];
    const fetchMock = setup({
      vessel: detail({}, { identifiers: { ...makeVessel().identifiers, national: { brandmerk: "BM-1234" } } }),
      routes: {
        "GET /api/vessels/v-1/correction-requests": () => jsonResponse(200, requests),
        "POST /api/vessels/v-1/correction-requests": (_url, init) => {
          posted.push(jsonBody(init));
          if (answer === 422) {
            return jsonResponse(422, {
              message: "Some fields are invalid.",
              code: "validation_failed",
              messageCode: "validation_failed",
              fields: { value: ["This is already the registered value."] },
            });
          }
          const created = makeCorrectionRequest({ field: "identifiers.brandmerk", currentValue: "BM-1234", value: "BM-4321" });
          requests.unshift(created);
          return jsonResponse(201, created);
        },
      },
    });
    expect(await screen.findByText("You have not requested any corrections.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Request a correction" }));
    const dialog = await screen.findByRole("dialog", { name: "Request a correction" });
    expect(dialog).toHaveTextContent("Make, model, build year, length and identifiers are corrected by the registry");

    // Nothing chosen, no reason: nothing is sent.
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    expect(await within(dialog).findByText("Choose what to correct")).toBeInTheDocument();
    expect(within(dialog).getByText("Say why in 10 to 1,000 characters")).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    // The country's own identifiers are offered too, each with what is registered.
    const field = within(dialog).getByLabelText("What to correct");
    expect(within(field).getByRole("option", { name: "Brandmerk (Kadaster)" })).toBeInTheDocument();
    await user.selectOptions(field, "Brandmerk (Kadaster)");
    expect(within(dialog).getByText("Registered now:").parentElement).toHaveTextContent("Registered now: BM-1234");
    await user.type(within(dialog).getByLabelText("Correct value"), "BM-1234");
    await user.type(within(dialog).getByLabelText("Why"), "The Kadaster's letter shows the right mark.");
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    await waitFor(() => expect(within(dialog).getByLabelText("Correct value")).toHaveAttribute("aria-invalid", "true"));
    expect(within(dialog).getByLabelText("Correct value")).toHaveAccessibleDescription(/This is already the registered value\./);

    answer = 201;
    await user.clear(within(dialog).getByLabelText("Correct value"));
    await user.type(within(dialog).getByLabelText("Correct value"), "BM-4321");
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    await seeToast("Request sent");
    expect(posted.at(-1)).toEqual({
      field: "identifiers.brandmerk",
      value: "BM-4321",
      reason: "The Kadaster's letter shows the right mark.",
    });
    // The list is read again and shows it, pending.
    const list = await screen.findByRole("list", { name: "Your correction requests" });
    expect(within(list).getByRole("listitem")).toHaveTextContent("Brandmerk (Kadaster): BM-1234 → BM-4321");
    expect(within(list).getByText("Pending")).toBeInTheDocument();
    expect(calls(fetchMock, "GET", "/api/vessels/v-1/correction-requests").length).toBeGreaterThan(1);
  });

  it("shows the server's refusal of one request too many in a toast", async () => {
    const user = userEvent.setup();
    const message = "This vessel already has 5 requests waiting for an administrator. Wait for a decision first.";
    setup({
      routes: {
        "POST /api/vessels/v-1/correction-requests": jsonResponse(409, {
          message,
          code: "conflict",
          messageCode: "too_many_pending_correction_requests",
          args: { max: "5" },
        }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Request a correction" }));
    const dialog = await screen.findByRole("dialog", { name: "Request a correction" });
    await user.selectOptions(within(dialog).getByLabelText("What to correct"), "Length");
    expect(within(dialog).getByLabelText("Correct value")).toHaveAccessibleDescription("In centimetres, e.g. 1099.");
    await user.type(within(dialog).getByLabelText("Correct value"), "1120");
    await user.type(within(dialog).getByLabelText("Why"), "Measured again at the yard.");
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    await seeToast("Request not sent");
    await seeToast(message);
  });

  it("lists the owner's requests with the registry's decision and note", async () => {
    setup({
      routes: {
        "GET /api/vessels/v-1/correction-requests": jsonResponse(200, [
          makeCorrectionRequest({ id: "req-2", field: "make", currentValue: "Bavaria", value: "Beneteau" }),
          makeCorrectionRequest({
            status: "rejected",
            decisionNote: "The licence shows another number.",
            decidedAt: "2026-11-26T10:00:00Z",
          }),
        ]),
      },
    });
    const list = await screen.findByRole("list", { name: "Your correction requests" });
    const [pending, rejected] = within(list).getAllByRole("listitem");
    expect(pending).toHaveTextContent("Make: Bavaria → Beneteau");
    expect(within(pending).getByText("Pending")).toBeInTheDocument();
    expect(rejected).toHaveTextContent("MMSI: asked for 244123456");
    expect(within(rejected).getByText("Rejected")).toBeInTheDocument();
    expect(rejected).toHaveTextContent("Requested Nov 24, 2026 · decided Nov 26, 2026");
    expect(rejected).toHaveTextContent("Your reason: The radio licence gives this MMSI.");
    expect(rejected).toHaveTextContent("The registry's note: The licence shows another number.");
  });

  it("offers no changes on a vessel that left the registry", async () => {
    setup({ vessel: detail({}, { status: "deactivated", deactivationReason: "refunded" }) });
    expect(await screen.findByText("You have not requested any corrections.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit particulars" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Request a correction" })).not.toBeInTheDocument();
  });
});
