import type { LocalizedText } from "@/api/types";

/** The text in the interface language (en or nl), falling back to English. */
export function localized(text: LocalizedText, language: string): string {
  const lang = language.slice(0, 2);
  return (lang === "nl" ? text.nl : text.en) || text.en;
}
