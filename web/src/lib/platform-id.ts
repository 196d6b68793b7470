/**
 * The shape of a platform ID (docs/PLATFORM-ID.md): 12 characters of
 * Crockford's base32 in any case, hyphens and spaces ignored; O, I and L are
 * read as 0, 1 and 1 as the server does. Only the server checks the check
 * character: a well-formed ID that it refuses with 400 has a typo.
 */
export function isWellFormedPlatformId(raw: string): boolean {
  return /^[0-9A-TV-Z]{12}$/i.test(raw.replace(/[-\s]/g, ""));
}
