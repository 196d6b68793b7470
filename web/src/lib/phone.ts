import type { CountryConfig } from "@/api/types";

// Phone numbers as the spec wants them (sections 5 and 9): E.164, a plus sign, a non-zero
// digit, then 1 to 14 digits. Forms take a country prefix and the number as people write it.

export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;

/** What the user typed, without spaces, hyphens, dots and brackets. */
export function cleanPhoneNumber(raw: string): string {
  return raw.replace(/[\s\-().]/g, "");
}

/**
 * The E.164 number from a prefix and what the user typed: a number that starts with "+" is
 * taken as it is; otherwise the prefix is put before it once its leading zeros are removed.
 * "+31" and "06 1234 5678" -> "+31612345678"; "+49" and "+31612345678" -> "+31612345678".
 */
export function toPhoneE164(prefix: string, raw: string): string {
  const number = cleanPhoneNumber(raw);
  if (number.startsWith("+")) return number;
  return `${prefix}${number.replace(/^0+/, "")}`;
}

export function isE164(value: string): boolean {
  return E164_PATTERN.test(value);
}

/** The supported dialling codes, once each, in the countries' order. */
export function phonePrefixes(countries: readonly CountryConfig[]): CountryConfig[] {
  return countries.filter((c, i) => countries.findIndex((o) => o.phonePrefix === c.phonePrefix) === i);
}

/**
 * Splits an E.164 number into the longest supported prefix it starts with and the rest, to
 * prefill a form: "+351912345678" -> {prefix: "+351", number: "912345678"}. Without a
 * matching prefix the whole number stays in `number` (a "+" number is taken as typed).
 */
export function splitPhoneE164(e164: string, prefixes: readonly string[]): { prefix: string; number: string } {
  const prefix = [...prefixes].sort((a, b) => b.length - a.length).find((p) => e164.startsWith(p));
  return prefix ? { prefix, number: e164.slice(prefix.length) } : { prefix: "", number: e164 };
}

/**
 * What is wrong with a prefix and a typed number, as an i18n key, or null when they make an
 * E.164 number: 'Phone number is required', 'Select country code' (a number without "+" needs
 * one) or 'Invalid phone number format'.
 */
export function phoneNumberIssue(prefix: string, raw: string): string | null {
  const number = cleanPhoneNumber(raw);
  if (number === "") return "validation.phoneRequired";
  if (!number.startsWith("+") && prefix.trim() === "") return "validation.selectCountryCode";
  return isE164(toPhoneE164(prefix, number)) ? null : "validation.invalidPhone";
}
