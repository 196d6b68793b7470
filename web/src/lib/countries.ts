// Country helpers shared by the registry pages and the registration wizard. Names are
// translated under `countries.<CODE>`; flags are computed, so any ISO code gets one.

/** The search page's country filter (spec section 3): these seven, in this order. */
export const SEARCH_COUNTRY_CODES = ["NL", "DE", "FR", "ES", "IT", "BE", "PL"] as const;

/** Every country the registry supports (spec section 3), for translated names. */
export const SUPPORTED_COUNTRY_CODES = ["NL", "DE", "FR", "ES", "IT", "BE", "PL", "PT", "GR", "HR", "CH"] as const;

/** The flag emoji of a two-letter country code ("NL" -> 🇳🇱), or "" when it is not one. */
export function flagEmoji(code: string): string {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return "";
  const regional = (index: number) => 0x1f1e6 + upper.charCodeAt(index) - 65;
  return String.fromCodePoint(regional(0), regional(1));
}

/** The i18n key of a country's name, when we have one. */
export function countryNameKey(code: string): string | null {
  const upper = code.toUpperCase();
  return (SUPPORTED_COUNTRY_CODES as readonly string[]).includes(upper) ? `countries.${upper}` : null;
}
