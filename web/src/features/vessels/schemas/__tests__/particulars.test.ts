import { describe, expect, it } from "vitest";
import {
  correctionRequestSchema,
  registeredValue,
  requestFields,
  toCorrectionRequestBody,
} from "@/features/vessels/schemas/correction-request";
import {
  descriptionIssues,
  descriptionDefaults,
  particularsChanges,
  particularsSchema,
  particularsValuesOf,
  parsePowerKw,
} from "@/features/vessels/schemas/particulars";
import { COUNTRIES, makeVessel } from "@/test/vessels";

const described = makeVessel({
  name: "Sea Breeze",
  vesselType: "sail",
  hullMaterial: "grp",
  hullColour: "White",
  homePort: "Muiden",
  engines: [{ make: "Volvo Penta", model: "D2-40", powerKw: 29.4 }],
});

describe("the description's checks", () => {
  it("reads a power with a point or a comma, 0.1 to 10,000 kW with at most one decimal", () => {
    expect(parsePowerKw("29.4")).toBe(29.4);
    expect(parsePowerKw("29,4")).toBe(29.4);
    expect(parsePowerKw("10000")).toBe(10000);
    for (const wrong of ["", "0", "0,05", "29.45", "10000.1", "29,4 kW", "1.250,5"])
      expect(parsePowerKw(wrong), wrong).toBeNull();
  });

  it("puts each problem on its field, an engine's on the engine", () => {
    expect(descriptionIssues(descriptionDefaults)).toEqual([]);
    const issues = descriptionIssues({
      vesselType: "submarine",
      hullMaterial: "",
      hullColour: "x".repeat(41),
      homePort: "y".repeat(80),
      engines: [
        { make: "Volvo Penta", model: "", powerKw: "29,4" },
        { make: "  ", model: "m".repeat(61), powerKw: "lots" },
      ],
    });
    expect(issues).toEqual([
      { path: ["vesselType"], message: "validation.chooseFromList" },
      { path: ["hullColour"], message: "validation.hullColourMax" },
      { path: ["engines", 1, "make"], message: "validation.engineMakeRequired" },
      { path: ["engines", 1, "model"], message: "validation.engineTextMax" },
      { path: ["engines", 1, "powerKw"], message: "validation.enginePower" },
    ]);
  });

  it("counts characters as the server does: spaces collapsed, an emoji as one", () => {
    expect(descriptionIssues({ ...descriptionDefaults, hullColour: "🌊".repeat(40) })).toEqual([]);
    expect(descriptionIssues({ ...descriptionDefaults, homePort: `  ${"a ".repeat(40)}   ` })).toEqual([]);
  });
});

describe("'Edit particulars' request", () => {
  it("starts from the vessel as it is, the power in the reader's locale", () => {
    expect(particularsValuesOf(described, "de")).toEqual({
      name: "Sea Breeze",
      vesselType: "sail",
      hullMaterial: "grp",
      hullColour: "White",
      homePort: "Muiden",
      engines: [{ make: "Volvo Penta", model: "D2-40", powerKw: "29,4" }],
    });
  });

  it("sends only what changed", () => {
    const values = particularsValuesOf(described, "de");
    expect(particularsChanges(described, values)).toEqual({});
    expect(particularsChanges(described, { ...values, homePort: " Lelystad ", hullColour: "White" })).toEqual({
      homePort: "Lelystad",
    });
    // A power typed with a comma is the same power.
    expect(
      particularsChanges(described, { ...values, engines: [{ make: "Volvo Penta", model: "D2-40", powerKw: "29.4" }] }),
    ).toEqual({});
    expect(
      particularsChanges(described, {
        ...values,
        engines: [...values.engines, { make: "Torqeedo", model: "", powerKw: "3" }],
      }),
    ).toEqual({
      engines: [
        { make: "Volvo Penta", model: "D2-40", powerKw: 29.4 },
        { make: "Torqeedo", model: null, powerKw: 3 },
      ],
    });
  });

  it("removes a particular no longer given: null for a type or material, '' for a text, [] for the engines", () => {
    const values = { name: "", vesselType: "", hullMaterial: "", hullColour: "", homePort: "", engines: [] };
    expect(particularsChanges(described, values)).toEqual({
      name: "",
      vesselType: null,
      hullMaterial: null,
      hullColour: "",
      homePort: "",
      engines: [],
    });
  });

  it("refuses a name over 100 characters", () => {
    const result = particularsSchema.safeParse({ ...particularsValuesOf(described, "en"), name: "n".repeat(101) });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["name", "validation.nameMax"]]);
  });
});

describe("'Request a correction'", () => {
  it("offers the common particulars, then the national identifiers of the vessel's country", () => {
    expect(requestFields(COUNTRIES[0])).toEqual([
      "make",
      "model",
      "buildYear",
      "lengthCm",
      "cin",
      "legacyId",
      "engineSerial",
      "mmsi",
      "imoNumber",
      "eniNumber",
      "identifiers.brandmerk",
    ]);
    expect(requestFields(undefined)).not.toContain("identifiers.brandmerk");
  });

  it("shows what is registered for each field", () => {
    const vessel = makeVessel({
      identifiers: { ...makeVessel().identifiers, mmsi: "244123456", national: { brandmerk: "BM-1234" } },
    });
    expect(registeredValue(vessel, "make")).toBe("Bavaria");
    expect(registeredValue(vessel, "lengthCm")).toBe("1099");
    expect(registeredValue(vessel, "mmsi")).toBe("244123456");
    expect(registeredValue(vessel, "imoNumber")).toBeNull();
    expect(registeredValue(vessel, "identifiers.brandmerk")).toBe("BM-1234");
  });

  it("asks for a field, a value of at most 100 characters (a number for year and length) and a reason of 10 to 1,000", () => {
    const problems = (values: { field: string; value: string; reason: string }) => {
      const result = correctionRequestSchema.safeParse(values);
      return result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message]);
    };
    expect(problems({ field: "", value: "", reason: "short" })).toEqual([
      ["field", "validation.chooseParticular"],
      ["reason", "validation.correctionReasonLength"],
    ]);
    expect(problems({ field: "lengthCm", value: "11.2 m", reason: "Measured again at the yard." })).toEqual([
      ["value", "validation.wholeNumber"],
    ]);
    expect(problems({ field: "make", value: "x".repeat(101), reason: "r".repeat(1001) })).toEqual([
      ["value", "validation.correctionValueMax"],
      ["reason", "validation.correctionReasonLength"],
    ]);
    expect(problems({ field: "mmsi", value: "", reason: "The radio was removed." })).toEqual([]);
    expect(toCorrectionRequestBody({ field: "mmsi", value: " 244123456 ", reason: "  New   radio licence. " })).toEqual({
      field: "mmsi",
      value: "244123456",
      reason: "New radio licence.",
    });
  });
});
