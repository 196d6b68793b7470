/**
 * The shape of a platform ID (docs/PLATFORM-ID.md): 12 characters of
 * Crockford's base32 in any case, hyphens and spaces ignored; O, I and L are
 * read as 0, 1 and 1 as the server does. The server checks the check
 * character too: a well-formed ID that it refuses with 400 has a typo.
 */
export function isWellFormedPlatformId(raw: string): boolean {
  return /^[0-9A-TV-Z]{12}$/i.test(raw.replace(/[-\s]/g, ""));
}

/** Crockford's base32: a character's value is its place here. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** 2·x in GF(32) modulo x⁵ + x² + 1: the Damm quasigroup's x ∘ y is 2·x ⊕ y. */
function double(x: number): number {
  const shifted = x << 1;
  return shifted >= 32 ? shifted ^ 37 : shifted;
}

/** Whether the characters' values fold to 0: the check character matches. */
function checksOut(values: readonly number[]): boolean {
  return values.reduce((interim, value) => double(interim) ^ value, 0) === 0;
}

/** A well-formed ID's 12 values (O read as 0, I and L as 1), or null. */
function valuesOf(raw: string): number[] | null {
  if (!isWellFormedPlatformId(raw)) return null;
  const compact = raw.replace(/[-\s]/g, "").toUpperCase().replace(/O/g, "0").replace(/[IL]/g, "1");
  return Array.from({ length: compact.length }, (_, i) => ALPHABET.indexOf(compact.charAt(i)));
}

/** The ID as the registry shows it: three groups of four ("7KQ2-M9XD-4HTB"). */
function grouped(values: readonly number[]): string {
  const text = values.map((v) => ALPHABET[v]).join("");
  return `${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8)}`;
}

/** A platform ID written any accepted way, in the registry's form; null when it is not well formed. */
export function normalPlatformId(raw: string): string | null {
  const values = valuesOf(raw);
  return values ? grouped(values) : null;
}

/** Twelve characters of an ID whose check character does not match: a typo (docs/PLATFORM-ID.md). */
export function hasPlatformIdTypo(raw: string): boolean {
  const values = valuesOf(raw);
  return values != null && !checksOut(values);
}

/**
 * The IDs a mistyped one most likely was, most likely first: the check catches every swap of two
 * neighbours and every single wrong character, so each valid ID one swap or one character away
 * (swaps first). Empty for an ID that has no typo or is not well formed.
 */
export function platformIdCorrections(raw: string): string[] {
  const values = valuesOf(raw);
  if (!values || checksOut(values)) return [];
  const swaps = values.slice(1).flatMap((_, i) => {
    const swapped = [...values];
    [swapped[i], swapped[i + 1]] = [swapped[i + 1], swapped[i]];
    return checksOut(swapped) ? [grouped(swapped)] : [];
  });
  const replacements = values.flatMap((_, at) =>
    Array.from(ALPHABET, (_c, value) => value).flatMap((value) => {
      const replaced = values.map((v, i) => (i === at ? value : v));
      return checksOut(replaced) ? [grouped(replaced)] : [];
    }),
  );
  return [...new Set([...swaps, ...replacements])];
}
