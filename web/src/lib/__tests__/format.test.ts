import { describe, expect, it } from "vitest";
import { formatEuroCents, formatMoneyCents } from "@/lib/format";

const nbsp = "\u00a0";

describe("money", () => {
  it("puts the euro sign before the amount in English only", () => {
    expect(formatEuroCents(2495, "en")).toBe("€24.95");
    for (const lang of ["nl", "de", "fr", "es", "it"]) {
      expect(formatEuroCents(2495, lang), lang).toBe(`24,95${nbsp}€`);
    }
  });

  it("keeps the sign and the grouping of large and negative amounts", () => {
    expect(formatEuroCents(-995, "nl")).toBe(`-9,95${nbsp}€`);
    expect(formatEuroCents(123456789, "nl")).toBe(`1.234.567,89${nbsp}€`);
    expect(formatEuroCents(123456789, "en")).toBe("€1,234,567.89");
  });

  it("writes other currencies the same way, and an unknown code after the amount", () => {
    expect(formatMoneyCents(1000, "usd", "nl")).toBe(`10,00${nbsp}US$`);
    expect(formatMoneyCents(1000, "XYZ1", "nl")).toBe("10,00 XYZ1");
  });
});
