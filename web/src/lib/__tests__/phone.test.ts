import { describe, expect, it } from "vitest";
import { COUNTRIES } from "@/test/vessels";
import { cleanPhoneNumber, isE164, phoneNumberIssue, phonePrefixes, splitPhoneE164, toPhoneE164 } from "@/lib/phone";

describe("phone numbers", () => {
  it("removes spaces, hyphens, dots and brackets", () => {
    expect(cleanPhoneNumber(" 06-12.34 (56) 78 ")).toBe("0612345678");
  });

  it("puts the prefix before a number without '+', once its leading zeros are removed", () => {
    expect(toPhoneE164("+31", "0612345678")).toBe("+31612345678");
    expect(toPhoneE164("+31", "06 1234 5678")).toBe("+31612345678");
    expect(toPhoneE164("+351", "912345678")).toBe("+351912345678");
    expect(toPhoneE164("+49", "00151 2345678")).toBe("+491512345678");
  });

  it("takes a number that starts with '+' as it is, whatever the prefix", () => {
    expect(toPhoneE164("+49", "+31 6 1234 5678")).toBe("+31612345678");
    expect(toPhoneE164("", "+41791234567")).toBe("+41791234567");
  });

  it("checks the spec's E.164 pattern: '+', a non-zero digit, then 1 to 14 digits", () => {
    expect(isE164("+31612345678")).toBe(true);
    expect(isE164("+12")).toBe(true);
    expect(isE164("+0612345678")).toBe(false);
    expect(isE164("+1")).toBe(false);
    expect(isE164("+1234567890123456")).toBe(false);
    expect(isE164("31612345678")).toBe(false);
  });

  it("names what is wrong with a prefix and a number", () => {
    expect(phoneNumberIssue("+31", "")).toBe("validation.phoneRequired");
    expect(phoneNumberIssue("", "0612345678")).toBe("validation.selectCountryCode");
    expect(phoneNumberIssue("", "+31612345678")).toBeNull();
    expect(phoneNumberIssue("+31", "06-abc")).toBe("validation.invalidPhone");
    expect(phoneNumberIssue("+31", "0612345678901234")).toBe("validation.invalidPhone");
    expect(phoneNumberIssue("+31", "0612345678")).toBeNull();
  });

  it("offers each dialling code once, in the countries' order", () => {
    const withDuplicate = [...COUNTRIES, { ...COUNTRIES[0], code: "XX" }];
    expect(phonePrefixes(withDuplicate).map((c) => c.phonePrefix)).toEqual(["+31", "+49"]);
  });

  it("splits a number on the longest supported prefix", () => {
    const prefixes = ["+31", "+35", "+351", "+385"];
    expect(splitPhoneE164("+351912345678", prefixes)).toEqual({ prefix: "+351", number: "912345678" });
    expect(splitPhoneE164("+31612345678", prefixes)).toEqual({ prefix: "+31", number: "612345678" });
    expect(splitPhoneE164("+17025550123", prefixes)).toEqual({ prefix: "", number: "+17025550123" });
  });
});
