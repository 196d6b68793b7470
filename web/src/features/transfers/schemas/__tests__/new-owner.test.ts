import { describe, expect, it } from "vitest";
import { euroCents, newOwnerDefaults, toInitiateRequest } from "@/features/transfers/schemas/new-owner";

describe("the sale price", () => {
  it("is read as people type euros, in cents", () => {
    expect(euroCents("42500")).toBe(4_250_000);
    expect(euroCents("42.500,50")).toBe(4_250_050);
    expect(euroCents("42,500.50")).toBe(4_250_050);
    expect(euroCents("€ 42 500")).toBe(4_250_000);
    expect(euroCents("19,9")).toBe(1_990);
    for (const bad of ["", "abc", "-5", "1.2.3,4", "12,345,6789"]) expect(euroCents(bad)).toBeNull();
  });

  it("goes into the request only when given", () => {
    const base = { ...newOwnerDefaults, phonePrefix: "+31", phoneNumber: "0612345678", confirmed: true };
    expect(toInitiateRequest("v1", base)).toEqual({ vesselId: "v1", toPhoneE164: "+31612345678" });
    expect(toInitiateRequest("v1", { ...base, salePrice: "42.500" })).toMatchObject({ salePriceCents: 4_250_000 });
  });
});
