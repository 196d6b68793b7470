import { beforeAll, describe, expect, it } from "vitest";
import i18n from "@/i18n";
import { describedLines, formatEngine, parseEngines, particularLabel, particularValueText } from "@/lib/particulars";

const nbsp = "\u00a0";
const t = i18n.getFixedT("en");
const tDe = i18n.getFixedT("de");

beforeAll(async () => {
  // German's words are fetched as a reader switching to it would.
  await i18n.changeLanguage("de");
  await i18n.changeLanguage("en");
});

describe("the particulars in words", () => {
  it("lists only the particulars given, translated, one line per engine", () => {
    expect(describedLines({}, t, "en")).toEqual([]);
    const lines = describedLines(
      {
        vesselType: "sail",
        hullMaterial: "grp",
        hullColour: "Navy blue",
        homePort: "Muiden",
        engines: [{ make: "Volvo Penta", model: "D2-40", powerKw: 29.4 }],
      },
      t,
      "en",
    );
    expect(lines.map(({ label, value }) => [label, value])).toEqual([
      ["Type", "Sailing vessel"],
      ["Hull material", "GRP (fibreglass)"],
      ["Hull colour", "Navy blue"],
      ["Home port", "Muiden"],
      ["Engine", `Volvo Penta D2-40, 29.4${nbsp}kW`],
    ]);
  });

  it("numbers the engines when there are several, with the locale's decimal separator", () => {
    const engines = [
      { make: "Yanmar", model: "3YM30", powerKw: 21.3 },
      { make: "Torqeedo", model: null, powerKw: 3 },
    ];
    expect(describedLines({ engines }, tDe, "de").map(({ label, value }) => [label, value])).toEqual([
      ["Motor 1", `Yanmar 3YM30, 21,3${nbsp}kW`],
      ["Motor 2", `Torqeedo, 3${nbsp}kW`],
    ]);
    expect(describedLines({ vesselType: "rowing", hullMaterial: "inflatable" }, tDe, "de").map((l) => l.value)).toEqual([
      "Ruderschiff",
      "Schlauch (aufblasbar)",
    ]);
  });

  it("names every particular a correction may change, national identifiers by their own label", () => {
    expect(particularLabel("homePort", t)).toBe("Home port");
    expect(particularLabel("lengthCm", t)).toBe("Length");
    expect(particularLabel("imoNumber", t)).toBe("IMO number");
    expect(particularLabel("identifiers.brandmerk", t)).toBe("Brandmerk (Kadaster)");
    expect(particularLabel("engines", tDe)).toBe("Motoren");
    // One this app does not know yet: as the server wrote it.
    expect(particularLabel("somethingNew", t)).toBe("somethingNew");
  });

  it("writes a correction's value in words: codes translated, engines from JSON, lengths in metres", () => {
    expect(particularValueText("homePort", "Lelystad", t, "en")).toBe("Lelystad");
    expect(particularValueText("homePort", null, t, "en")).toBe("none");
    expect(particularValueText("vesselType", "motor", t, "en")).toBe("Motor vessel");
    expect(particularValueText("hullMaterial", "steel", tDe, "de")).toBe("Stahl");
    expect(particularValueText("lengthCm", "1099", t, "en")).toBe(`10.99${nbsp}m`);
    expect(particularValueText("lengthCm", "1099", tDe, "de")).toBe(`10,99${nbsp}m`);
    expect(particularValueText("make", "unknown", t, "en")).toBe("Unknown");
    const engines = JSON.stringify([
      { make: "Volvo Penta", model: "D2-40", powerKw: 29.4 },
      { make: "Yamaha", powerKw: 7.5 },
    ]);
    expect(particularValueText("engines", engines, t, "en")).toBe(`Volvo Penta D2-40, 29.4${nbsp}kW; Yamaha, 7.5${nbsp}kW`);
    expect(particularValueText("engines", "[]", t, "en")).toBe("none");
    // Not the JSON expected: shown as written rather than hidden.
    expect(particularValueText("engines", "{broken", t, "en")).toBe("{broken");
  });

  it("reads engines only from a JSON array of engines", () => {
    expect(parseEngines('[{"make":"Yamaha","powerKw":7.5}]')).toEqual([{ make: "Yamaha", powerKw: 7.5 }]);
    expect(parseEngines('[{"make":"Yamaha"}]')).toBeNull();
    expect(parseEngines('{"make":"Yamaha","powerKw":7.5}')).toBeNull();
    expect(formatEngine({ make: "Yamaha", model: "  ", powerKw: 7.5 }, "en")).toBe(`Yamaha, 7.5${nbsp}kW`);
  });
});
