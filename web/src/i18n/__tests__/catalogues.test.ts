import { describe, expect, it } from "vitest";
import en from "@/i18n/en.json";
import nl from "@/i18n/nl.json";

/** Every key of a nested catalogue, dotted ("transfers.status.outgoing.verified"). */
function keys(catalogue: object, prefix = ""): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    value !== null && typeof value === "object" ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe("translations", () => {
  it("has every English string in Dutch too, and nothing else", () => {
    expect(keys(nl).sort()).toEqual(keys(en).sort());
  });
});
