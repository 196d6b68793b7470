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

describe.each(Object.entries(translations))("the %s catalogue", (_code, catalogue) => {
  const translated = new Map(entries(catalogue));

  it("has every English key, and no other", () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it("keeps every placeholder and tag of the English string", () => {
    const differing = [...english].filter(([key, text]) => {
      const other = translated.get(key);
      return other !== undefined && slots(other).join() !== slots(text).join();
    });
    expect(differing.map(([key]) => key)).toEqual([]);
  });

  it("has no empty strings", () => {
    expect([...translated].filter(([, text]) => text.trim() === "").map(([key]) => key)).toEqual([]);
  });
});
