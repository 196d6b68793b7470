import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import i18n from "@/i18n";
import { RegisterVesselPage } from "@/features/register-vessel/components/register-vessel-page";
import { jsonBody, jsonResponse, mockFetch, renderRoute } from "@/test/render";
import { COUNTRIES, FRANCE, makeDetail, makeUser, makeVessel } from "@/test/vessels";

const UNKNOWN_LABEL = "I don't know / I don't have this number";
const unknownBox = (field: string) => screen.getByRole("checkbox", { name: `${field}: ${UNKNOWN_LABEL}` });

type Routes = Parameters<typeof mockFetch>[0];

const INTENT = { clientSecret: "pi_1_secret_2", paymentId: "pay-1", amountCents: 2495, currency: "eur" };

function payment(status: string, failureMessage: string | null = null) {
  return {
    id: "pay-1",
    purpose: "registration",
    status,
    amountCents: 2495,
    currency: "eur",
    vesselId: "v-1",
    vesselPlatformId: "7KQ2-M9XD-4HTB",
    transferId: null,
    cardBrand: "visa",
    cardLast4: "4242",
    failureMessage,
    createdAt: "2026-11-22T10:00:00.000Z",
    succeededAt: status === "succeeded" ? "2026-11-22T10:01:00.000Z" : null,
  };
}

/** An owner whose mobile number is verified: the wizard takes it as the vessel's. */
const OWNER = makeUser({ phoneE164: "+31612345678", phoneVerifiedAt: "2026-01-01T00:00:00Z" });

function setup(extra: Routes = {}, user = OWNER, path = "/register-vessel") {
  const fetchMock = mockFetch({
    "GET /api/auth/session": jsonResponse(200, { user: user }),
    "GET /api/config/countries": jsonResponse(200, COUNTRIES),
    "GET /api/config/payments": jsonResponse(200, { provider: "local" }),
    "POST /api/vessels": jsonResponse(201, { ...makeVessel({ status: "pending_payment" }), warnings: [] }),
    "POST /api/payments/create-intent": jsonResponse(200, INTENT),
    ...extra,
  });
  renderRoute(<RegisterVesselPage />, { path, toaster: true });
  return fetchMock;
}

/** Steps 1 and 2 with valid values, up to the payment step. */
async function reachPayment() {
  await fillDetails();
  await continueToIdentifiers();
  await userEvent.type(screen.getByLabelText("CIN / HIN"), "NL-BAV2K4L7C920");
  await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));
  await screen.findByRole("heading", { name: "Complete Registration Payment" });
  return screen.findByRole("button", { name: "Pay €24.95" });
}

async function fillCard(number = "4242 4242 4242 4242", expiry = "12 / 34", cvc = "123") {
  if (number) await userEvent.type(screen.getByLabelText("Card number"), number);
  if (expiry) await userEvent.type(screen.getByLabelText("Expiry date"), expiry);
  if (cvc) await userEvent.type(screen.getByLabelText("CVC"), cvc);
}

function callsTo(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  return fetchMock.mock.calls.filter(([url, init]) => url === path && init?.method === "POST").map(([, init]) => jsonBody(init));
}

async function fillDetails({ buildYear = "2019", country = "NL" } = {}) {
  const countrySelect = await screen.findByLabelText("Country");
  await screen.findByRole("option", { name: "Netherlands" });
  await userEvent.selectOptions(countrySelect, country);
  await userEvent.type(screen.getByLabelText("Make"), "Bavaria");
  await userEvent.type(screen.getByLabelText("Model"), "Cruiser 34");
  if (buildYear) await userEvent.type(screen.getByLabelText("Build Year"), buildYear);
  await userEvent.type(screen.getByLabelText("Length (cm)"), "1099");
}

async function continueToIdentifiers() {
  await userEvent.click(screen.getByRole("button", { name: "Continue to Identifiers" }));
  await screen.findByRole("heading", { name: "Vessel Identification Numbers" });
}

function postedBodies(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === "/api/vessels" && init?.method === "POST")
    .map(([, init]) => jsonBody(init));
}

afterEach(async () => {
  await i18n.changeLanguage("en");
});

// Long form journeys: allow for a busy machine.
describe("RegisterVesselPage", { timeout: 20_000 }, () => {
  it("asks for a verified email first, pointing to the profile", async () => {
    setup({}, makeUser({ emailVerifiedAt: null }));
    expect(await screen.findByRole("heading", { name: "Verify your email address first" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Profile" })).toHaveAttribute("href", "/profile");
    expect(screen.queryByRole("button", { name: "Continue to Identifiers" })).not.toBeInTheDocument();
  });

  it("shows the steps and step 1's fields with their defaults", async () => {
    setup();
    expect(await screen.findByRole("heading", { name: "Vessel Information" })).toBeInTheDocument();
    const steps = screen.getByRole("list", { name: "Registration steps" });
    expect(
      within(steps)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["1Details", "2Identifiers", "3Payment"]);
    expect(within(steps).getByText("Details").closest("li")).toHaveAttribute("aria-current", "step");
    expect(screen.getByLabelText("Vessel Name (optional)")).toHaveValue("");
    expect(screen.getByRole("checkbox", { name: "Make this vessel publicly searchable" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "This vessel is for sale" })).not.toBeChecked();
    expect(screen.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/dashboard");
    // The number is the account's, asked once: shown, not asked again.
    expect(screen.getByText(/Your verified mobile number \+31612345678/)).toBeInTheDocument();
    expect(screen.queryByLabelText("Country code")).not.toBeInTheDocument();
  });

  it("verifies the mobile number in the wizard when the account has none verified, and saves it to the profile", async () => {
    let user = makeUser({ phoneE164: null, phoneVerifiedAt: null });
    const saved: unknown[] = [];
    setup(
      {
        "GET /api/auth/session": () => jsonResponse(200, { user }),
        "POST /api/profile/phone": (_url, init) => {
          saved.push(jsonBody(init));
          user = { ...user, phoneE164: "+31612345678" };
          return jsonResponse(200, user);
        },
        "POST /api/profile/phone/send-code": jsonResponse(202, { message: "We have sent a code to your mobile number." }),
        "POST /api/profile/phone/verify": () => {
          user = { ...user, phoneVerifiedAt: "2026-11-23T10:00:00Z" };
          return jsonResponse(200, { ...user, claimedVessels: [] });
        },
      },
      user,
    );
    await fillDetails();
    await userEvent.click(screen.getByRole("button", { name: "Continue to Identifiers" }));
    expect(await screen.findByText("Verify your mobile number to continue.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Vessel Information" })).toBeInTheDocument();

    await userEvent.type(await screen.findByLabelText("Mobile number"), "0612345678");
    await userEvent.click(screen.getByRole("button", { name: "Save and send code" }));
    const code = await screen.findByRole("group", { name: "SMS code" });
    await userEvent.type(within(code).getAllByRole("textbox")[0], "246810");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(/Your verified mobile number \+31612345678/)).toBeInTheDocument();
    expect(saved).toEqual([{ phoneE164: "+31612345678" }]);
    await continueToIdentifiers();
  });

  it("shows every step 1 message", async () => {
    setup();
    await screen.findByRole("option", { name: "Netherlands" });
    await userEvent.click(screen.getByRole("button", { name: "Continue to Identifiers" }));
    expect(await screen.findByText("Select a country")).toBeInTheDocument();
    expect(screen.getByText('Enter the make, or tick "I don\'t know"')).toBeInTheDocument();
    expect(screen.getByText('Enter the model, or tick "I don\'t know"')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("Build Year"), "1899");
    await userEvent.type(screen.getByLabelText("Length (cm)"), "0");
    await userEvent.click(screen.getByRole("button", { name: "Continue to Identifiers" }));
    const max = new Date().getFullYear() + 1;
    expect(await screen.findByText(`Build year must be between 1900 and ${max}`)).toBeInTheDocument();
    expect(screen.getByText("Length must be a positive number")).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText("Build Year"));
    await userEvent.type(screen.getByLabelText("Build Year"), String(max + 1));
    expect(await screen.findByText(`Build year must be between 1900 and ${max}`)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Vessel Information" })).toBeInTheDocument();
  });

  it("disables fields marked unknown: make and model become 'unknown', year and length null", async () => {
    const fetchMock = setup({
      "POST /api/vessels": jsonResponse(201, { ...makeVessel({ status: "pending_payment" }), warnings: [] }),
    });
    await fillDetails();

    await userEvent.click(unknownBox("Make"));
    expect(screen.getByLabelText("Make")).toBeDisabled();
    expect(screen.getByLabelText("Make")).toHaveValue("unknown");
    await userEvent.click(unknownBox("Model"));
    expect(screen.getByLabelText("Model")).toHaveValue("unknown");
    await userEvent.click(unknownBox("Build Year"));
    expect(screen.getByLabelText("Build Year")).toBeDisabled();
    expect(screen.getByLabelText("Build Year")).toHaveValue(null);
    await userEvent.click(unknownBox("Length (cm)"));
    expect(screen.getByLabelText("Length (cm)")).toBeDisabled();
    expect(screen.getByLabelText("Length (cm)")).toHaveValue(null);

    // Unticking gives the field back, empty.
    await userEvent.click(unknownBox("Make"));
    expect(screen.getByLabelText("Make")).toBeEnabled();
    expect(screen.getByLabelText("Make")).toHaveValue("");
    await userEvent.click(unknownBox("Make"));

    await continueToIdentifiers();
    // Unknown build year: the CIN/HIN is asked for.
    await userEvent.click(unknownBox("CIN / HIN"));
    expect(screen.getByLabelText("CIN / HIN")).toBeDisabled();
    await userEvent.click(unknownBox("Engine Serial Number (optional)"));
    await userEvent.click(unknownBox("MMSI"));
    await userEvent.click(unknownBox("Brandmerk (Kadaster)"));
    expect(screen.getByLabelText("Brandmerk (Kadaster)")).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));

    await screen.findByRole("heading", { name: "Complete Registration Payment" });
    expect(postedBodies(fetchMock)).toEqual([
      {
        name: null,
        countryCode: "NL",
        make: "unknown",
        model: "unknown",
        buildYear: null,
        lengthCm: null,
        publicVisibility: true,
        forSale: false,
        cin: "unknown",
        legacyId: null,
        engineSerial: "unknown",
        eniNumber: null,
        imoNumber: null,
        mmsi: "unknown",
        identifiers: { brandmerk: "unknown" },
      },
    ]);
  });

  it("asks for a legacy ID (or I don't know) below 1998, limited to 20 characters", async () => {
    const fetchMock = setup({
      "POST /api/vessels": jsonResponse(201, { ...makeVessel({ status: "pending_payment" }), warnings: [] }),
    });
    await fillDetails({ buildYear: "1990" });
    await continueToIdentifiers();
    expect(screen.getByLabelText("Legacy / National ID")).toBeInTheDocument();
    expect(screen.queryByLabelText("CIN / HIN")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(await screen.findByText('Enter the legacy or national ID, or tick "I don\'t know"')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("Legacy / National ID"), "A".repeat(21));
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(await screen.findByText("Legacy ID must be at most 20 characters")).toBeInTheDocument();
    expect(postedBodies(fetchMock)).toHaveLength(0);

    await userEvent.click(unknownBox("Legacy / National ID"));
    expect(screen.getByLabelText("Legacy / National ID")).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));
    await screen.findByRole("heading", { name: "Complete Registration Payment" });
    expect(postedBodies(fetchMock)[0]).toMatchObject({ buildYear: 1990, cin: null, legacyId: "unknown" });
  });

  it("asks for a 14-character CIN/HIN from 1998 on, and Back keeps step 1's values", async () => {
    setup();
    await fillDetails({ buildYear: "1998" });
    await continueToIdentifiers();
    expect(screen.queryByLabelText("Legacy / National ID")).not.toBeInTheDocument();
    const cin = screen.getByLabelText("CIN / HIN");
    expect(cin).toHaveAttribute("placeholder", "NL-BEN12345F819");
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(await screen.findByText("CIN/HIN must be 14 characters")).toBeInTheDocument();
    await userEvent.type(cin, "NL-BAV2K4L7C92");
    expect(await screen.findByText("CIN/HIN must be 14 characters")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByRole("heading", { name: "Vessel Information" })).toBeInTheDocument();
    expect(screen.getByLabelText("Make")).toHaveValue("Bavaria");
    expect(screen.getByLabelText("Build Year")).toHaveValue(1998);
  });

  it("shows the chosen country's identifiers, MMSI once, in the interface language", async () => {
    setup();
    await fillDetails({ country: "DE" });
    await continueToIdentifiers();
    // The flag in the heading is decorative: the heading names the country once.
    const heading = screen.getByRole("heading", { name: "Identifiers for Germany" });
    expect(heading.querySelector("img")).toHaveAttribute("alt", "");
    expect(heading.querySelector("img")?.getAttribute("src")).toMatch(/de\.svg/);
    expect(screen.getByLabelText("Amtliches Kennzeichen (AKZ)")).toHaveAttribute("placeholder", "B-12345");
    expect(screen.getByLabelText("Amtliches Kennzeichen (AKZ)")).toHaveAccessibleDescription(
      "The official German registration mark for recreational craft.",
    );
    expect(screen.getByLabelText("Ship register number (Schiffsregister)")).toBeInTheDocument();
    expect(screen.queryByLabelText("Brandmerk (Kadaster)")).not.toBeInTheDocument();
    expect(screen.getAllByLabelText("MMSI")).toHaveLength(1);
    expect(screen.getByLabelText("IMO Number (optional)")).toBeInTheDocument();
    expect(screen.getByLabelText("ENI Number (optional)")).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText("MMSI"), "12345");
    await userEvent.type(screen.getByLabelText("CIN / HIN"), "DE-BAV2K4L7C920");
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(await screen.findByText("MMSI must be 9 digits")).toBeInTheDocument();

    // Back to step 1, choose the Netherlands: its identifiers replace Germany's.
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    await userEvent.selectOptions(await screen.findByLabelText("Country"), "NL");
    await i18n.changeLanguage("nl");
    await userEvent.click(screen.getByRole("button", { name: "Verder naar kenmerken" }));
    expect(await screen.findByRole("heading", { name: "Kenmerken voor Nederland" })).toBeInTheDocument();
    const brandmerk = screen.getByLabelText("Brandmerk (Kadaster)");
    expect(brandmerk).toHaveAccessibleDescription(
      "Het brandmerk dat het Kadaster bij de teboekstelling van het vaartuig toekent.",
    );
    expect(screen.queryByLabelText("Amtliches Kennzeichen (AKZ)")).not.toBeInTheDocument();
  });

  it("shows a German vessel's identifiers with their German labels and helper texts", async () => {
    await i18n.changeLanguage("de");
    setup({}, { ...OWNER, language: "de" });
    const countrySelect = await screen.findByLabelText("Land");
    expect(await within(countrySelect).findByRole("option", { name: "Deutschland" })).toBeInTheDocument();
    expect(within(countrySelect).getByRole("option", { name: "Niederlande" })).toBeInTheDocument();
    await userEvent.selectOptions(countrySelect, "DE");
    await userEvent.type(screen.getByLabelText("Hersteller"), "Hanse");
    await userEvent.type(screen.getByLabelText("Modell"), "388");
    await userEvent.type(screen.getByLabelText("Baujahr"), "2019");
    await userEvent.type(screen.getByLabelText("Länge (cm)"), "1140");
    await userEvent.click(screen.getByRole("button", { name: "Weiter zu den Kennungen" }));

    expect(await screen.findByRole("heading", { name: "Kennungen für Deutschland" })).toBeInTheDocument();
    const akz = screen.getByLabelText("Amtliches Kennzeichen (AKZ)");
    expect(akz).toHaveAccessibleDescription("Das amtliche deutsche Kennzeichen für Sportboote.");
    expect(screen.getByLabelText("Schiffsregisternummer")).toHaveAccessibleDescription(
      "Die Eintragungsnummer im deutschen Schiffsregister, das beim Amtsgericht geführt wird.",
    );
    expect(screen.getByLabelText("MMSI")).toHaveAccessibleDescription("9-stellige Kennung für Schiffe mit Seefunkanlage.");
    expect(screen.queryByText("The official German registration mark for recreational craft.")).not.toBeInTheDocument();
  });

  it("shows a French vessel's immatriculation with its French label and helper text", async () => {
    await i18n.changeLanguage("fr");
    setup({ "GET /api/config/countries": jsonResponse(200, [...COUNTRIES, FRANCE]) }, { ...OWNER, language: "fr" });
    const countrySelect = await screen.findByLabelText("Pays");
    expect(await within(countrySelect).findByRole("option", { name: "France" })).toBeInTheDocument();
    expect(within(countrySelect).getByRole("option", { name: "Allemagne" })).toBeInTheDocument();
    await userEvent.selectOptions(countrySelect, "FR");
    await userEvent.type(screen.getByLabelText("Marque"), "Beneteau");
    await userEvent.type(screen.getByLabelText("Modèle"), "Oceanis 38");
    await userEvent.type(screen.getByLabelText("Année de construction"), "2019");
    await userEvent.type(screen.getByLabelText("Longueur (cm)"), "1150");
    await userEvent.click(screen.getByRole("button", { name: "Continuer vers les identifiants" }));

    expect(await screen.findByRole("heading", { name: "Identifiants pour France" })).toBeInTheDocument();
    const immatriculation = screen.getByLabelText("Numéro d'immatriculation");
    expect(immatriculation).toHaveAttribute("placeholder", "MA A12345");
    expect(immatriculation).toHaveAccessibleDescription(
      "Le numéro d'immatriculation du bateau, précédé des lettres de son quartier maritime.",
    );
    expect(screen.getByLabelText("MMSI")).toHaveAccessibleDescription(
      "Identifiant à 9 chiffres des bateaux équipés d'une radio VHF marine.",
    );
    expect(screen.queryByLabelText("Amtliches Kennzeichen (AKZ)")).not.toBeInTheDocument();
  });

  it("registers the vessel, asks for its fee and shows step 3 with the summary and warnings", async () => {
    const fetchMock = setup({
      "POST /api/vessels": jsonResponse(201, {
        ...makeVessel({ platformId: "7KQ2-M9XD-4HTB", status: "pending_payment" }),
        warnings: [{ field: "mmsi", message: "This MMSI belongs to Germany, not the Netherlands." }],
      }),
    });
    await userEvent.type(await screen.findByLabelText("Vessel Name (optional)"), "Sea Breeze");
    await fillDetails();
    // The chosen country's flag beside its select, decorative (the select names the country).
    expect(screen.getByLabelText("Country").parentElement?.querySelector("img")).toHaveAttribute("alt", "");
    await userEvent.click(screen.getByRole("checkbox", { name: "This vessel is for sale" }));
    await continueToIdentifiers();
    await userEvent.type(screen.getByLabelText("CIN / HIN"), "NL-BAV2K4L7C920");
    await userEvent.type(screen.getByLabelText("Engine Serial Number (optional)"), "VP-123456");
    await userEvent.type(screen.getByLabelText("MMSI"), "211123456");
    await userEvent.type(screen.getByLabelText("Brandmerk (Kadaster)"), "12345-A-2020");
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));

    expect(await screen.findByRole("heading", { name: "Complete Registration Payment" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Pay €24.95" })).toBeInTheDocument();
    const summary = screen.getByRole("region", { name: "Registration summary" });
    expect(within(summary).getByText("Bavaria Cruiser 34")).toBeInTheDocument();
    expect(within(summary).getByText("7KQ2-M9XD-4HTB")).toBeInTheDocument();
    expect(within(summary).getByText(/Netherlands/)).toBeInTheDocument();
    expect(within(summary).getByText("Vessel Registration")).toBeInTheDocument();
    expect(within(summary).getByText("One-time fee, Lifetime validity")).toBeInTheDocument();
    expect(within(summary).getByText("€24.95")).toBeInTheDocument();
    expect(screen.getByText(/upload proof-of-ownership documents after registration/)).toBeInTheDocument();
    expect(screen.getByText("This MMSI belongs to Germany, not the Netherlands.")).toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/payments/create-intent")).toEqual([{ purpose: "registration", vesselId: "v-1" }]);
    const steps = screen.getByRole("list", { name: "Registration steps" });
    expect(within(steps).getByText("Payment").closest("li")).toHaveAttribute("aria-current", "step");

    expect(postedBodies(fetchMock)).toEqual([
      {
        name: "Sea Breeze",
        countryCode: "NL",
        make: "Bavaria",
        model: "Cruiser 34",
        buildYear: 2019,
        lengthCm: 1099,
        publicVisibility: true,
        forSale: true,
        cin: "NL-BAV2K4L7C920",
        legacyId: null,
        engineSerial: "VP-123456",
        eniNumber: null,
        imoNumber: null,
        mmsi: "211123456",
        identifiers: { brandmerk: "12345-A-2020" },
      },
    ]);
  });

  it("puts server field errors on step 2's fields and stays there", async () => {
    setup({
      "POST /api/vessels": jsonResponse(422, {
        message: "Some fields are invalid.",
        code: "validation_failed",
        fields: {
          cin: ["Character 11 of a CIN/HIN is the month of production, a letter from A (January) to L (December)."],
          "identifiers.brandmerk": ["Use 2 to 30 letters, digits, spaces, hyphens, dots or slashes, with at least one digit."],
        },
      }),
    });
    await fillDetails();
    await continueToIdentifiers();
    await userEvent.type(screen.getByLabelText("CIN / HIN"), "NL-BAV2K4L7M920");
    await userEvent.type(screen.getByLabelText("Brandmerk (Kadaster)"), "x");
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));

    expect(await screen.findByText(/Character 11 of a CIN\/HIN/)).toBeInTheDocument();
    expect(screen.getByLabelText("CIN / HIN")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Brandmerk (Kadaster)")).toHaveAttribute("aria-invalid", "true");
    expect((await screen.findAllByText("Registration Failed")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("Some fields are invalid.").length).toBeGreaterThan(0);
    expect(screen.getByRole("heading", { name: "Vessel Identification Numbers" })).toBeInTheDocument();
  });

  it("goes back to step 1 when a server error is on a step 1 field", async () => {
    setup({
      "POST /api/vessels": jsonResponse(422, {
        message: "Some fields are invalid.",
        code: "validation_failed",
        fields: { make: ["Make is too long."] },
      }),
    });
    await fillDetails();
    await continueToIdentifiers();
    await userEvent.type(screen.getByLabelText("CIN / HIN"), "NL-BAV2K4L7C920");
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));

    expect(await screen.findByRole("heading", { name: "Vessel Information" })).toBeInTheDocument();
    expect(screen.getByText("Make is too long.")).toBeInTheDocument();
    expect(screen.getByLabelText("Make")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getAllByText("Registration Failed").length).toBeGreaterThan(0);
  });

  it("shows a conflict's message in the 'Registration Failed' toast", async () => {
    setup({
      "POST /api/vessels": jsonResponse(409, {
        message: "CIN NL-BAV2K4L7C920 is already registered to an active vessel.",
        code: "conflict",
      }),
    });
    await fillDetails();
    await continueToIdentifiers();
    await userEvent.type(screen.getByLabelText("CIN / HIN"), "NL-BAV2K4L7C920");
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect((await screen.findAllByText("CIN NL-BAV2K4L7C920 is already registered to an active vessel.")).length).toBeGreaterThan(
      0,
    );
    expect(screen.getAllByText("Registration Failed").length).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "Continue to Payment" })).toBeEnabled();
  });

  it("pays with a card, waits for the server's word, then says so and opens the vessel's page", async () => {
    const fetchMock = setup({
      "POST /api/payments/local/confirm": jsonResponse(200, { status: "succeeded" }),
      "GET /api/payments/pay-1": jsonResponse(200, payment("succeeded")),
    });
    const pay = await reachPayment();
    await fillCard();
    await userEvent.click(pay);
    expect(await screen.findByText("Payment Successful")).toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/payments/local/confirm")).toEqual([
      {
        clientSecret: "pi_1_secret_2",
        cardNumber: "4242 4242 4242 4242",
        expMonth: 12,
        expYear: 2034,
        cvc: "123",
        returnUrl: `${window.location.origin}/register-vessel?paymentId=pay-1`,
      },
    ]);
    expect(await screen.findByText("Navigated to /registry/7KQ2-M9XD-4HTB", {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it("shows 'Payment Failed' with the provider's message when the card is declined, and stays on step 3", async () => {
    setup({
      "POST /api/payments/local/confirm": jsonResponse(402, { message: "Your card was declined.", code: "card_declined" }),
    });
    const pay = await reachPayment();
    await fillCard("4000 0000 0000 0002");
    await userEvent.click(pay);
    expect(await screen.findByText("Payment Failed")).toBeInTheDocument();
    expect(screen.getByText("Your card was declined.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay €24.95" })).toBeEnabled();
    expect(screen.queryByText("Payment Successful")).not.toBeInTheDocument();
  });

  it("checks the card form before sending it, and puts the provider's field errors on their field", async () => {
    const fetchMock = setup({
      "POST /api/payments/local/confirm": jsonResponse(402, {
        message: "Your card number is invalid.",
        code: "incorrect_number",
      }),
    });
    const pay = await reachPayment();
    await userEvent.click(pay);
    expect(await screen.findByText("Enter your card number")).toBeInTheDocument();
    expect(screen.getByText("Enter the expiry date")).toBeInTheDocument();
    expect(screen.getByText("The CVC has 3 digits")).toBeInTheDocument();
    await fillCard("4242 4242 4242 4241", "13 / 30", "12");
    await userEvent.click(pay);
    expect(await screen.findByText("Enter the expiry date as MM/YY")).toBeInTheDocument();
    expect(callsTo(fetchMock, "/api/payments/local/confirm")).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText("Expiry date"));
    await userEvent.type(screen.getByLabelText("Expiry date"), "12/2030");
    await userEvent.type(screen.getByLabelText("CVC"), "3");
    await userEvent.click(pay);
    expect(await screen.findByText("Payment Failed")).toBeInTheDocument();
    expect(screen.getByLabelText("Card number")).toHaveAccessibleDescription("Your card number is invalid.");
  });

  it("shows 'Payment Error' when the fee cannot be asked for, with a way to try again", async () => {
    let calls = 0;
    setup({
      "POST /api/payments/create-intent": () =>
        ++calls === 1
          ? jsonResponse(502, { message: "The card payment service could not be reached; please try again.", code: "x" })
          : jsonResponse(200, INTENT),
    });
    await fillDetails();
    await continueToIdentifiers();
    await userEvent.type(screen.getByLabelText("CIN / HIN"), "NL-BAV2K4L7C920");
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));
    expect(await screen.findByText("Payment Error")).toBeInTheDocument();
    expect(screen.getAllByText("The card payment service could not be reached; please try again.").length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("button", { name: "Pay €24.95" })).toBeInTheDocument();
  });

  it("goes back from the payment step to a locked step 2 without registering twice", async () => {
    const fetchMock = setup();
    await reachPayment();
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByText("Registered as 7KQ2-M9XD-4HTB")).toBeInTheDocument();
    expect(screen.queryByLabelText("CIN / HIN")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Continue to Payment" }));
    await screen.findByRole("button", { name: "Pay €24.95" });
    expect(postedBodies(fetchMock)).toHaveLength(1);
  });

  it("resumes at the payment step for a vessel awaiting its fee (the dashboard's 'Complete payment')", async () => {
    let paid = false;
    const fetchMock = setup(
      {
        "GET /api/vessels/7KQ2-M9XD-4HTB": () => jsonResponse(200, makeDetail({ status: paid ? "active" : "pending_payment" })),
        "POST /api/payments/local/confirm": () => {
          paid = true;
          return jsonResponse(200, { status: "succeeded" });
        },
        "GET /api/payments/pay-1": () => jsonResponse(200, payment(paid ? "succeeded" : "requires_payment")),
      },
      makeUser(),
      "/register-vessel?vessel=7KQ2-M9XD-4HTB",
    );
    expect(await screen.findByRole("heading", { name: "Complete Registration Payment" })).toBeInTheDocument();
    const pay = await screen.findByRole("button", { name: "Pay €24.95" });
    expect(callsTo(fetchMock, "/api/payments/create-intent")).toEqual([{ purpose: "registration", vesselId: "v-1" }]);
    expect(postedBodies(fetchMock)).toHaveLength(0);
    // Paid: the vessel's page follows, although the vessel is no longer pending meanwhile.
    await fillCard();
    await userEvent.click(pay);
    expect(await screen.findByText("Payment Successful")).toBeInTheDocument();
    expect(await screen.findByText("Navigated to /registry/7KQ2-M9XD-4HTB", {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it("back from the bank's page, waits for the server and opens the vessel's page once it is paid", async () => {
    let polls = 0;
    setup(
      { "GET /api/payments/pay-1": () => jsonResponse(200, payment(++polls < 2 ? "requires_action" : "succeeded")) },
      makeUser(),
      "/register-vessel?paymentId=pay-1&payment_intent=pi_1&redirect_status=succeeded",
    );
    expect(await screen.findByText("Checking your payment...")).toBeInTheDocument();
    expect(await screen.findByText("Payment Successful", {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByText("Navigated to /registry/7KQ2-M9XD-4HTB", {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it("back from a failed authentication, says why, offers the payment again and announces its success", async () => {
    let paid = false;
    setup(
      {
        "GET /api/payments/pay-1": () =>
          jsonResponse(
            200,
            paid ? payment("succeeded") : payment("failed", "We are unable to authenticate your payment method."),
          ),
        "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail({ status: "pending_payment" })),
        "POST /api/payments/local/confirm": () => {
          paid = true;
          return jsonResponse(200, { status: "succeeded" });
        },
      },
      makeUser(),
      "/register-vessel?paymentId=pay-1&redirect_status=failed",
    );
    expect(await screen.findByText("Payment Failed")).toBeInTheDocument();
    expect(screen.getByText("We are unable to authenticate your payment method.")).toBeInTheDocument();
    const pay = await screen.findByRole("button", { name: "Pay €24.95" });
    // The same payment, tried again: its earlier failure is not taken for the answer.
    await fillCard();
    await userEvent.click(pay);
    expect(await screen.findByText("Payment Successful")).toBeInTheDocument();
    expect(await screen.findByText("Navigated to /registry/7KQ2-M9XD-4HTB", {}, { timeout: 3000 })).toBeInTheDocument();
  });
});
