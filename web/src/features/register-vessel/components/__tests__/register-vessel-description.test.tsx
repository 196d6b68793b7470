import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import i18n from "@/i18n";
import { RegisterVesselPage } from "@/features/register-vessel/components/register-vessel-page";
import { jsonBody, jsonResponse, mockFetch, renderRoute } from "@/test/render";
import { COUNTRIES, makeUser, makeVessel } from "@/test/vessels";

// Step 1's optional description: type, hull, home port and engines.

const OWNER = makeUser({ phoneE164: "+31612345678", phoneVerifiedAt: "2026-01-01T00:00:00Z" });

function setup(created: Response = jsonResponse(201, { ...makeVessel({ status: "pending_payment" }), warnings: [] })) {
  const fetchMock = mockFetch({
    "GET /api/auth/session": jsonResponse(200, { user: OWNER }),
    "GET /api/config/countries": jsonResponse(200, COUNTRIES),
    "GET /api/config/payments": jsonResponse(200, { provider: "local" }),
    "POST /api/vessels": created,
    "POST /api/payments/create-intent": jsonResponse(200, {
      clientSecret: "pi_1_secret_2",
      paymentId: "pay-1",
      amountCents: 2495,
      currency: "eur",
    }),
  });
  renderRoute(<RegisterVesselPage />, { path: "/register-vessel", toaster: true });
  return fetchMock;
}

async function fillRequired() {
  const country = await screen.findByLabelText("Land");
  await screen.findByRole("option", { name: "Niederlande" });
  await userEvent.selectOptions(country, "NL");
  await userEvent.type(screen.getByLabelText("Hersteller"), "Bavaria");
  await userEvent.type(screen.getByLabelText("Modell"), "Cruiser 34");
  await userEvent.type(screen.getByLabelText("Baujahr"), "2019");
}

function postedBodies(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === "/api/vessels" && init?.method === "POST")
    .map(([, init]) => jsonBody(init));
}

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("RegisterVesselPage: the optional description", { timeout: 20_000 }, () => {
  it("sends the description given, an engine's power typed with a German comma", async () => {
    await i18n.changeLanguage("de");
    const fetchMock = setup();
    await fillRequired();
    const description = screen.getByRole("group", { name: "Beschreibung (optional)" });
    await userEvent.selectOptions(within(description).getByLabelText("Art"), "Segelschiff");
    await userEvent.type(within(description).getByLabelText("Heimathafen"), "  Port  Zélande ");
    expect(within(description).getByLabelText("Heimathafen")).toHaveAccessibleDescription(
      /auf der öffentlichen Seite des Schiffs angezeigt/,
    );
    await userEvent.click(within(description).getByRole("button", { name: "Motor hinzufügen" }));
    const engine = within(description).getByRole("group", { name: "Motor 1" });
    await userEvent.type(within(engine).getByLabelText("Motorhersteller"), "Volvo Penta");
    await userEvent.type(within(engine).getByLabelText("Motormodell (optional)"), "D2-40");
    await userEvent.type(within(engine).getByLabelText("Leistung (kW)"), "29,4");
    await userEvent.click(screen.getByRole("button", { name: "Weiter zu den Kennungen" }));
    await userEvent.type(await screen.findByLabelText("CIN / HIN"), "NL-BAV2K4L7C920");
    await userEvent.click(screen.getByRole("button", { name: "Weiter zur Zahlung" }));
    await screen.findByRole("region", { name: "Zusammenfassung der Registrierung" });

    expect(postedBodies(fetchMock)).toEqual([
      expect.objectContaining({
        make: "Bavaria",
        vesselType: "sail",
        homePort: "Port Zélande",
        engines: [{ make: "Volvo Penta", model: "D2-40", powerKw: 29.4 }],
      }),
    ]);
    // Not given: left out.
    const [body] = postedBodies(fetchMock) as Record<string, unknown>[];
    expect(body).not.toHaveProperty("hullMaterial");
    expect(body).not.toHaveProperty("hullColour");
  });

  it("keeps step 1 until every engine has a make and a power, and lets a row be removed", async () => {
    const fetchMock = setup();
    await fillRequiredEnglish();
    await userEvent.click(screen.getByRole("button", { name: "Add engine" }));
    // A new row takes the focus on its make.
    expect(within(screen.getByRole("group", { name: "Engine 1" })).getByLabelText("Engine make")).toHaveFocus();
    await userEvent.click(screen.getByRole("button", { name: "Add engine" }));
    const second = screen.getByRole("group", { name: "Engine 2" });
    await userEvent.type(within(second).getByLabelText("Power (kW)"), "29.45");
    await userEvent.click(screen.getByRole("button", { name: "Continue to Identifiers" }));

    const first = screen.getByRole("group", { name: "Engine 1" });
    expect(await within(first).findByText("Enter the engine's make")).toBeInTheDocument();
    expect(within(first).getByLabelText("Engine make")).toHaveAttribute("aria-invalid", "true");
    expect(within(second).getByLabelText("Power (kW)")).toHaveAccessibleDescription(
      /^Enter the power in kW, from 0\.1 to 10,000, with at most one decimal/,
    );
    expect(screen.getByRole("heading", { name: "Vessel Information" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Remove engine 1" }));
    // The focus does not fall to the page's start.
    expect(screen.getByRole("button", { name: "Add engine" })).toHaveFocus();
    await userEvent.click(screen.getByRole("button", { name: "Remove engine 1" }));
    expect(screen.queryByRole("group", { name: /^Engine \d/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Continue to Identifiers" }));
    expect(await screen.findByRole("heading", { name: "Vessel Identification Numbers" })).toBeInTheDocument();
    expect(postedBodies(fetchMock)).toEqual([]);
  });

  it("offers at most six engines", async () => {
    setup();
    await screen.findByRole("heading", { name: "Vessel Information" });
    const add = screen.getByRole("button", { name: "Add engine" });
    for (let i = 0; i < 6; i++) await userEvent.click(add);
    expect(screen.getAllByRole("group", { name: /^Engine \d$/ })).toHaveLength(6);
    expect(add).toBeDisabled();
  });

  it("goes back to step 1 with the server's word on the home port", async () => {
    setup(
      jsonResponse(422, {
        message: "Some fields are invalid.",
        code: "validation_failed",
        fields: { homePort: ["The home port can have at most 80 characters, without control characters."] },
      }),
    );
    await fillRequiredEnglish();
    await userEvent.type(screen.getByLabelText("Home port"), "Muiden");
    await userEvent.click(screen.getByRole("button", { name: "Continue to Identifiers" }));
    await userEvent.type(await screen.findByLabelText("CIN / HIN"), "NL-BAV2K4L7C920");
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));

    expect(await screen.findByRole("heading", { name: "Vessel Information" })).toBeInTheDocument();
    expect(screen.getByLabelText("Home port")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Home port")).toHaveAccessibleDescription(/can have at most 80 characters/);
  });
});

async function fillRequiredEnglish() {
  const country = await screen.findByLabelText("Country");
  await screen.findByRole("option", { name: "Netherlands" });
  await userEvent.selectOptions(country, "NL");
  await userEvent.type(screen.getByLabelText("Make"), "Bavaria");
  await userEvent.type(screen.getByLabelText("Model"), "Cruiser 34");
  await userEvent.type(screen.getByLabelText("Build Year"), "2019");
}
