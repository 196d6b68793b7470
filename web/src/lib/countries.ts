// Country helpers shared by the registry pages and the registration wizard. Names are
// translated under `countries.<CODE>`; the supported countries' flags are SVG files shipped
// with the app (components/ui/country-flag.tsx), so another code has neither.

/** Every country the registry supports (spec section 3), for translated names. */
export const SUPPORTED_COUNTRY_CODES = ["NL", "DE", "FR", "ES", "IT", "BE", "PL", "PT", "GR", "HR", "CH"] as const;

export type SupportedCountryCode = (typeof SUPPORTED_COUNTRY_CODES)[number];

/** The supported country a code names (any case, spaces around allowed), or null. */
export function supportedCountryCode(code: string): SupportedCountryCode | null {
  const upper = code.trim().toUpperCase();
  return SUPPORTED_COUNTRY_CODES.find((supported) => supported === upper) ?? null;
}

/** The i18n key of a country's name, when we have one. */
export function countryNameKey(code: string): string | null {
  const supported = supportedCountryCode(code);
  return supported ? `countries.${supported}` : null;
}
