import type { TFunction } from "i18next";
import type { CountryConfig, IdentifierConfig, LocalizedText } from "@/api/types";
import { countryNameKey } from "@/lib/countries";

/** The server's text in the interface language (en, nl, de, fr, es or it), falling back to English. */
export function localized(text: LocalizedText, language: string): string {
  const texts: Partial<Record<string, string>> = text;
  return texts[language.slice(0, 2)] || text.en;
}

/** An identifier's label: the catalogue's `labelI18nKey`, else the server's text in the interface language. */
export function identifierLabel(config: IdentifierConfig, t: TFunction, language: string): string {
  return t(config.labelI18nKey, { defaultValue: localized(config.label, language) });
}

/** An identifier's helper text: the catalogue's `identifiers.<type>.helper`, else the server's text. */
export function identifierHelper(config: IdentifierConfig, t: TFunction, language: string): string {
  return t(`identifiers.${config.type}.helper`, { defaultValue: localized(config.helperText, language) });
}

/** A country's name: the catalogue's `countries.<CODE>`, else the server's text in the interface language. */
export function countryName(country: Pick<CountryConfig, "code" | "name">, t: TFunction, language: string): string {
  const fallback = localized(country.name, language);
  const key = countryNameKey(country.code);
  return key ? t(key, { defaultValue: fallback }) : fallback;
}
