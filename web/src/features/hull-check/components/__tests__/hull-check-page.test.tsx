import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { HullCheckPage } from "@/features/hull-check/components/hull-check-page";
import { hullCheckQueryFrom, hullCheckSchema, toHullCheckQuery } from "@/features/hull-check/schemas/hull-check";
import { makeCinCheck, makeHullCheck, makeUnregisteredCheck } from "@/test/hull-check";
import { jsonResponse, mockFetch, renderRoute, urlOf } from "@/test/render";
import { makeDetail } from "@/test/vessels";

const stolen = {
  reportedAt: "2026-11-21T08:00:00Z",
  stolenAt: "2026-11-20T00:00:00Z",
  place: "Jachthaven Muiden",
  status: "reported" as const,
};

/** The hull checks asked for: each one's query parameters. */
function checksAsked(fetchMock: ReturnType<typeof mockFetch>): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(urlOf(input), "http://localhost"))
    .filter((url) => url.pathname === "/api/hull-check")
    .map((url) => Object.fromEntries(url.searchParams));
}

function renderCheckPage(path = "/check") {
  return renderRoute(<HullCheckPage />, { path, routePath: "/check" });
}

/** The definition a `<dt>` names, in the result. */
function fact(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: "dt" });
  return term.nextElementSibling as HTMLElement;
}

async function checkIdentifier(kind: "CIN / HIN" | "Platform ID" | "MMSI", identifier: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole("radio", { name: kind }));
  const input = screen.getByRole("textbox", { name: kind });
  await user.clear(input);
  await user.type(input, identifier);
  await user.click(screen.getByRole("button", { name: "Check" }));
}

describe("the hull check page", () => {
  it("names itself, labels its form and asks nothing before a check", () => {
    const fetchMock = mockFetch({});
    renderCheckPage();
    expect(screen.getByRole("heading", { level: 1, name: "Hull check" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "What do you want to check?" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "CIN / HIN" })).toBeChecked();
    expect(screen.getByRole("textbox", { name: "CIN / HIN" })).toHaveAccessibleDescription(/14-character/);
    expect(checksAsked(fetchMock)).toEqual([]);
  });

  it("shows a registered vessel: its platform ID, status, history, the CIN decoded, warnings and the summary", async () => {
    const fetchMock = mockFetch({
      "GET /api/hull-check": jsonResponse(
        200,
        makeHullCheck({
          warnings: [
            {
              code: "cin_build_year_mismatch",
              message: "This CIN/HIN's production and model year do not match the build year 2012.",
            },
          ],
        }),
      ),
    });
    renderCheckPage();
    await checkIdentifier("CIN / HIN", " nl-bav2k4l7c920 ");

    const result = await screen.findByRole("heading", { level: 2, name: "Result for nl-bav2k4l7c920" });
    expect(checksAsked(fetchMock)).toEqual([{ cin: "nl-bav2k4l7c920" }]);
    // Announced when it arrives.
    expect(result.closest("[aria-live='polite']")).not.toBeNull();
    expect(screen.getByText("Registered")).toBeInTheDocument();
    expect(screen.getByTestId("hull-check-summary")).toHaveTextContent(
      "Before you pay: not reported stolen, no registered lien, history verified.",
    );
    expect(within(fact("Platform ID")).getByRole("link", { name: "7KQ2-M9XD-4HTB" })).toHaveAttribute(
      "href",
      "/registry/7KQ2-M9XD-4HTB",
    );
    expect(fact("Status")).toHaveTextContent("Active");
    expect(fact("Make and model")).toHaveTextContent("Bavaria Cruiser 34");
    expect(fact("Ownership history")).toHaveTextContent("Verified: its hash chain holds");

    expect(screen.getByRole("heading", { level: 3, name: "CIN / HIN decoded" })).toBeInTheDocument();
    expect(fact("Builder's country")).toHaveTextContent("Netherlands (NL)");
    expect(fact("Manufacturer code")).toHaveTextContent("BAV");
    expect(fact("Serial number")).toHaveTextContent("2K4L7");
    expect(fact("Built")).toHaveTextContent("March, in a year ending in 9");
    expect(fact("Model year")).toHaveTextContent("2020");

    expect(screen.getByText("Something does not add up")).toBeInTheDocument();
    expect(screen.getByText(/do not match the build year 2012/)).toBeInTheDocument();
    expect(screen.queryByTestId("stolen-notice")).not.toBeInTheDocument();
    expect(screen.queryByTestId("encumbered-notice")).not.toBeInTheDocument();
  });

  it("says 'Reported stolen' with when and where, and 'Encumbered' with the lenders", async () => {
    mockFetch({
      "GET /api/hull-check": jsonResponse(
        200,
        makeHullCheck({
          stolen,
          encumbered: true,
          summary: "Before you pay: REPORTED STOLEN, a registered lien stands (the lender must consent), history verified.",
        }),
      ),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail({ encumbered: true, stolen })),
      "GET /api/vessels/v-1/liens": jsonResponse(200, [
        {
          id: "l-1",
          vesselId: "v-1",
          platformId: "7KQ2-M9XD-4HTB",
          vesselName: "Sea Breeze",
          status: "active",
          lenderName: "Waterland Bank",
          reference: null,
          amountCents: null,
          currency: null,
          registeredAt: "2026-11-26T09:00:00Z",
          activatedAt: "2026-11-27T10:00:00Z",
          releasedAt: null,
          releaseReason: null,
          transferConsentId: null,
          yourRole: "public",
        },
      ]),
    });
    renderCheckPage("/check?platformId=7KQ2-M9XD-4HTB");

    const stolenNotice = await screen.findByTestId("stolen-notice");
    expect(stolenNotice).toHaveTextContent("Reported stolen");
    expect(stolenNotice).toHaveTextContent("Jachthaven Muiden");
    expect(stolenNotice).toHaveTextContent("Do not buy this vessel or pay for it.");
    const encumbered = screen.getByTestId("encumbered-notice");
    expect(within(encumbered).getByText("Encumbered")).toBeInTheDocument();
    expect(await within(encumbered).findByText("Registered lien: Waterland Bank, since Nov 27, 2026")).toBeInTheDocument();
    // The form shows the check the address asks for.
    expect(screen.getByRole("radio", { name: "Platform ID" })).toBeChecked();
    expect(screen.getByRole("textbox", { name: "Platform ID" })).toHaveValue("7KQ2-M9XD-4HTB");
  });

  it("shows an unknown CIN as not registered, decoded all the same", async () => {
    mockFetch({
      "GET /api/hull-check": jsonResponse(
        200,
        makeUnregisteredCheck({ cin: makeCinCheck({ value: "FR-ABC12345D001", country: "FR", manufacturerCode: "ABC" }) }),
      ),
    });
    renderCheckPage();
    await checkIdentifier("CIN / HIN", "FR-ABC12345D001");
    expect(await screen.findByText("Not registered")).toBeInTheDocument();
    expect(screen.getByText(/No vessel with this identifier has been registered here/)).toBeInTheDocument();
    expect(screen.queryByTestId("hull-check-summary")).not.toBeInTheDocument();
    expect(screen.queryByText("Platform ID", { selector: "dt" })).not.toBeInTheDocument();
    expect(fact("Builder's country")).toHaveTextContent("France (FR)");
    expect(fact("Manufacturer code")).toHaveTextContent("ABC");
  });

  it("says why a malformed CIN cannot be decoded", async () => {
    mockFetch({
      "GET /api/hull-check": jsonResponse(
        200,
        makeUnregisteredCheck({
          cin: {
            value: "NL-BAV2K4",
            wellFormed: false,
            country: null,
            manufacturerCode: null,
            serial: null,
            productionMonth: null,
            productionYearDigit: null,
            modelYear: null,
            problemCode: "cin_length_invalid",
            problem: "A CIN/HIN has 14 characters, like NL-BEN12345F819.",
          },
        }),
      ),
    });
    renderCheckPage("/check?cin=NL-BAV2K4");
    expect(await screen.findByText("NL-BAV2K4 is not a well-formed CIN/HIN")).toBeInTheDocument();
    expect(screen.getByText("A CIN/HIN has 14 characters, like NL-BEN12345F819.")).toBeInTheDocument();
    expect(screen.queryByText("Builder's country")).not.toBeInTheDocument();
  });

  it("checks a platform ID and an MMSI's shape before asking, and sends each as its own parameter", async () => {
    const fetchMock = mockFetch({ "GET /api/hull-check": jsonResponse(200, makeUnregisteredCheck({ cin: null })) });
    renderCheckPage();
    await checkIdentifier("Platform ID", "7KQ2");
    expect(await screen.findByText("A platform ID has 12 letters and digits, such as 7KQ2-M9XD-4HTB.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Platform ID" })).toHaveAttribute("aria-invalid", "true");
    await checkIdentifier("MMSI", "24412");
    expect(await screen.findByText("MMSI must be 9 digits")).toBeInTheDocument();
    expect(checksAsked(fetchMock)).toEqual([]);

    await checkIdentifier("MMSI", "244 123 456");
    expect(await screen.findByText("Not registered")).toBeInTheDocument();
    await checkIdentifier("Platform ID", "7kq2 m9xd 4htb");
    await screen.findByRole("heading", { level: 2, name: "Result for 7kq2 m9xd 4htb" });
    expect(checksAsked(fetchMock)).toEqual([{ mmsi: "244123456" }, { platformId: "7kq2 m9xd 4htb" }]);
  });

  it("shows the server's message when it refuses the identifier", async () => {
    mockFetch({
      "GET /api/hull-check": jsonResponse(422, {
        message: "An MMSI has nine digits and starts with a country's maritime identification digits.",
        code: "validation_failed",
        fields: { mmsi: ["An MMSI has nine digits and starts with a country's maritime identification digits."] },
      }),
    });
    renderCheckPage("/check?mmsi=000000000");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "An MMSI has nine digits and starts with a country's maritime identification digits.",
    );
  });

  it("says how long to wait after too many checks", async () => {
    mockFetch({
      "GET /api/hull-check": new Response(
        JSON.stringify({ message: "Too many hull checks from your address.", code: "too_many_hull_checks" }),
        { status: 429, headers: { "Content-Type": "application/json", "Retry-After": "42" } },
      ),
    });
    renderCheckPage("/check?cin=NL-BAV2K4L7C920");
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many checks from your address. Try again in 42 seconds.");
  });
});

describe("the hull check's form values", () => {
  it("need an identifier, at most 40 characters", () => {
    const issues = (values: { kind: "cin" | "platformId" | "mmsi"; identifier: string }) => {
      const result = hullCheckSchema.safeParse(values);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(issues({ kind: "cin", identifier: "  " })).toEqual(["validation.hullCheckIdentifierRequired"]);
    expect(issues({ kind: "cin", identifier: "X".repeat(41) })).toEqual(["validation.hullCheckIdentifierMax"]);
    // A malformed CIN is the server's to explain.
    expect(issues({ kind: "cin", identifier: "NL-B" })).toEqual([]);
  });

  it("become the query: an MMSI without its spaces, the others trimmed; and back from the URL", () => {
    expect(toHullCheckQuery({ kind: "mmsi", identifier: " 244 123 456 " })).toEqual({ kind: "mmsi", value: "244123456" });
    expect(toHullCheckQuery({ kind: "cin", identifier: " NL-BAV2K4L7C920 " })).toEqual({ kind: "cin", value: "NL-BAV2K4L7C920" });
    expect(hullCheckQueryFrom(new URLSearchParams("platformId=7KQ2-M9XD-4HTB"))).toEqual({
      kind: "platformId",
      value: "7KQ2-M9XD-4HTB",
    });
    expect(hullCheckQueryFrom(new URLSearchParams("cin=%20"))).toBeNull();
  });
});
