import type { CinCheck, HullCheck } from "@/api/types";

// Hull check fixtures shaped like the API's answers (src/api/types.ts).

/** NL-BAV2K4L7C920 decoded: a Bavaria built in March of a year ending in 9, model year 2020. */
export function makeCinCheck(overrides: Partial<CinCheck> = {}): CinCheck {
  return {
    value: "NL-BAV2K4L7C920",
    wellFormed: true,
    country: "NL",
    manufacturerCode: "BAV",
    serial: "2K4L7",
    productionMonth: 3,
    productionYearDigit: 9,
    modelYear: 2020,
    problem: null,
    problemCode: null,
    ...overrides,
  };
}

/** By default the check of a registered vessel with nothing against it. */
export function makeHullCheck(overrides: Partial<HullCheck> = {}): HullCheck {
  return {
    registered: true,
    vessel: { platformId: "7KQ2-M9XD-4HTB", status: "active", make: "Bavaria", model: "Cruiser 34", buildYear: 2019 },
    stolen: null,
    encumbered: false,
    historyVerified: true,
    cin: makeCinCheck(),
    warnings: [],
    summary: "Before you pay: not reported stolen, no registered lien, history verified.",
    ...overrides,
  };
}

/** What the check of an identifier no vessel was registered with answers. */
export function makeUnregisteredCheck(overrides: Partial<HullCheck> = {}): HullCheck {
  return makeHullCheck({
    registered: false,
    vessel: null,
    historyVerified: null,
    summary: null,
    ...overrides,
  });
}
