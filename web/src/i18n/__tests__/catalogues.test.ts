import { describe, expect, it } from "vitest";
import de from "@/i18n/de.json";
import en from "@/i18n/en.json";
import es from "@/i18n/es.json";
import fr from "@/i18n/fr.json";
import it_ from "@/i18n/it.json";
import nl from "@/i18n/nl.json";

/** Every entry of a nested catalogue, by dotted key ("transfers.status.outgoing.verified"). */
function entries(catalogue: object, prefix = ""): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    value !== null && typeof value === "object"
      ? entries(value as object, `${prefix}${key}.`)
      : [[`${prefix}${key}`, String(value)] as [string, string]],
  );
}

/** The interpolations and markup a string carries: {{name}}, {hotkey}, <termsLink>. */
function slots(text: string): string[] {
  return (text.match(/\{\{?\s*\w+\s*\}?\}|<\/?\w+>/g) ?? []).sort();
}

const english = new Map(entries(en));
const translations = { nl, de, fr, es, it: it_ };

/**
 * The forms by count that the language's plural rules have but English's (one, other) do not,
 * as i18next asks for them: `<key>_<category>` for each English plural `<key>_other`. French,
 * Spanish and Italian have `many` (a million documents); Dutch and German none.
 */
function pluralFormsBeyondEnglish(code: string): Map<string, string> {
  const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
  const forms = [...english.keys()]
    .filter((key) => key.endsWith("_other"))
    .flatMap((other) => categories.map((category) => [other.replace(/_other$/, `_${category}`), other] as const))
    .filter(([key]) => !english.has(key));
  return new Map(forms);
}

describe.each(Object.entries(translations))("the %s catalogue", (code, catalogue) => {
  const translated = new Map(entries(catalogue));
  /** Each of the language's extra plural forms, with the English `_other` it translates. */
  const extraForms = pluralFormsBeyondEnglish(code);

  it("has every English key and every plural form of its language, and no other", () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys(), ...extraForms.keys()].sort());
  });

  it("keeps every placeholder and tag of the English string", () => {
    const sources: [key: string, text: string][] = [
      ...english,
      ...[...extraForms].map(([key, other]) => [key, english.get(other) ?? ""] as [string, string]),
    ];
    const differing = sources.filter(([key, text]) => {
      const other = translated.get(key);
      return other !== undefined && slots(other).join() !== slots(text).join();
    });
    expect(differing.map(([key]) => key)).toEqual([]);
  });

  it("has no empty strings", () => {
    expect([...translated].filter(([, text]) => text.trim() === "").map(([key]) => key)).toEqual([]);
  });
});

describe("the German catalogue's words", () => {
  it("calls a vessel by one word, 'Schiff', never 'Boot' or 'Wasserfahrzeug'", () => {
    const others = entries(de).filter(([, text]) => /Boot|Wasserfahrzeug/.test(text));
    expect(others.map(([key]) => key)).toEqual([]);
  });
});
