import { describe, expect, it } from "vitest";
import {
  centsToInput,
  parseEuroAmount,
  recordEntrySchema,
  toEntryRequest,
  todayIso,
} from "@/features/vessel-record/schemas/record-entry";

function issues(values: Partial<Record<"date" | "kind" | "description" | "amount" | "documentId", string>>) {
  const result = recordEntrySchema.safeParse({
    date: "2026-03-15",
    kind: "service",
    description: "Engine service",
    amount: "",
    documentId: "",
    ...values,
  });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("amounts in euros", () => {
  it("reads euros with a point or a comma as cents", () => {
    expect(parseEuroAmount("450")).toBe(45000);
    expect(parseEuroAmount("1250.5")).toBe(125050);
    expect(parseEuroAmount("1250,50")).toBe(125050);
    expect(parseEuroAmount("€ 0,99")).toBe(99);
    expect(parseEuroAmount("  ")).toBeNull();
    for (const bad of ["12,345", "1.250,50", "-5", "abc", "1e3"]) expect(parseEuroAmount(bad)).toBe("invalid");
  });

  it("shows cents for editing without losing any", () => {
    expect(centsToInput(125050)).toBe("1250.50");
    expect(centsToInput(45000)).toBe("450");
    expect(centsToInput(5)).toBe("0.05");
    expect(centsToInput(null)).toBe("");
  });
});

describe("a record entry", () => {
  it("needs a real date, not in the future and not before 1900", () => {
    expect(issues({})).toEqual({});
    expect(issues({ date: "" })).toEqual({ date: "validation.dateRequired" });
    expect(issues({ date: "2026-02-30" })).toEqual({ date: "validation.dateInvalid" });
    expect(issues({ date: "1899-12-31" })).toEqual({ date: "validation.dateTooEarly" });
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    expect(issues({ date: todayIso(tomorrow) })).toEqual({ date: "validation.dateFuture" });
    expect(issues({ date: todayIso() })).toEqual({});
  });

  it("needs a kind and a description of at most 2,000 characters; the amount is optional", () => {
    expect(issues({ kind: "" })).toEqual({ kind: "validation.selectEntryKind" });
    expect(issues({ description: "   " })).toEqual({ description: "validation.descriptionRequired" });
    expect(issues({ description: "x".repeat(2001) })).toEqual({ description: "validation.descriptionMax" });
    expect(issues({ amount: "1000000000" })).toEqual({});
    expect(issues({ amount: "1000000000.01" })).toEqual({ amount: "validation.amountTooLarge" });
  });

  it("becomes the request with the amount in cents and no document as null", () => {
    expect(
      toEntryRequest({ date: "2026-03-15", kind: "valuation", description: " Survey ", amount: "45000", documentId: "" }),
    ).toEqual({ date: "2026-03-15", kind: "valuation", description: "Survey", amountCents: 4500000, documentId: null });
    expect(toEntryRequest({ date: "2026-03-15", kind: "repair", description: "Rudder", amount: "", documentId: "d-1" })).toEqual({
      date: "2026-03-15",
      kind: "repair",
      description: "Rudder",
      amountCents: null,
      documentId: "d-1",
    });
  });

  it("sends a cleared amount or document as null, which removes it in a change", () => {
    const values = { date: "2026-03-15", kind: "repair", description: "Rudder", amount: "", documentId: "" };
    expect(toEntryRequest(values)).toMatchObject({ amountCents: null, documentId: null });
  });
});
