import { describe, expect, it } from "vitest";
import { formatDecimalInput, formatEuroCents, formatMoneyCents, formatPowerKw, parseDecimalInput } from "@/lib/format";

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

describe("engine power and decimal input", () => {
  it("writes a power in kW with at most one decimal and the locale's separator", () => {
    expect(formatPowerKw(29.4, "en")).toBe(`29.4${nbsp}kW`);
    expect(formatPowerKw(29.4, "de")).toBe(`29,4${nbsp}kW`);
    expect(formatPowerKw(15, "nl")).toBe(`15${nbsp}kW`);
    expect(formatPowerKw(1500, "en")).toBe(`1,500${nbsp}kW`);
  });

  it("reads a decimal typed with a point or a comma, and refuses anything else", () => {
    expect(parseDecimalInput("29.4")).toBe(29.4);
    expect(parseDecimalInput(" 29,4 ")).toBe(29.4);
    expect(parseDecimalInput("15")).toBe(15);
    expect(parseDecimalInput("")).toBeNull();
    for (const wrong of ["1.250,5", "29,4 kW", "-3", "abc", ",5"]) expect(parseDecimalInput(wrong), wrong).toBeNaN();
  });

  it("shows a number for editing in the reader's locale, without grouping", () => {
    expect(formatDecimalInput(29.4, "en")).toBe("29.4");
    expect(formatDecimalInput(29.4, "fr")).toBe("29,4");
    expect(formatDecimalInput(1500, "de")).toBe("1500");
  });
});
