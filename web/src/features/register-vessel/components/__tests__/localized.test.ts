import { afterEach, describe, expect, it } from "vitest";
import type { IdentifierConfig, LocalizedText } from "@/api/types";
import i18n from "@/i18n";
import { countryName, identifierHelper, identifierLabel, localized } from "@/features/register-vessel/components/localized";
import { text } from "@/test/vessels";

/** An identifier as a server that only knows English (or a newer kind the catalogue lacks) sends it. */
function identifier(type: string, label: LocalizedText, helperText: LocalizedText): IdentifierConfig {
  return {
    type: type as IdentifierConfig["type"],
    labelI18nKey: `identifiers.${type}.label`,
    label,
    placeholder: "",
    helperText,
  };
}

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("localized", () => {
  it("picks the interface language, falling back to English", () => {
    const name = text("Germany", "Duitsland", "Deutschland", "Allemagne", "Alemania", "Germania");
    expect(["en", "nl", "de", "fr", "es", "it"].map((lang) => localized(name, lang))).toEqual([
      "Germany",
      "Duitsland",
      "Deutschland",
      "Allemagne",
      "Alemania",
      "Germania",
    ]);
    expect(localized(name, "de-CH")).toBe("Deutschland");
    expect(localized(name, "pt")).toBe("Germany");
    // A server from before the six languages sends English and Dutch only.
    expect(localized({ en: "Germany", nl: "Duitsland" } as LocalizedText, "fr")).toBe("Germany");
  });
});

describe("identifierLabel and identifierHelper", () => {
  it("take the catalogue's text for the identifier's keys over the server's", async () => {
    await i18n.changeLanguage("de");
    const config = identifier("schiffsregister", text("Ship register number"), text("German ship register"));
    expect(identifierLabel(config, i18n.t, i18n.language)).toBe("Schiffsregisternummer");
    expect(identifierHelper(config, i18n.t, i18n.language)).toBe(
      "Die Eintragungsnummer im deutschen Schiffsregister, das beim Amtsgericht geführt wird.",
    );
  });

  it("fall back to the server's text in the interface language for a key the catalogue lacks", async () => {
    await i18n.changeLanguage("it");
    const config = identifier(
      "future_mark",
      text("Future mark", "Toekomstmerk", "Zukunftszeichen", "Marque future", "Marca futura", "Sigla futura"),
      text(
        "A mark to come.",
        "Een merk dat komt.",
        "Ein künftiges Zeichen.",
        "Une marque à venir.",
        "Una marca futura.",
        "Una sigla futura.",
      ),
    );
    expect(identifierLabel(config, i18n.t, i18n.language)).toBe("Sigla futura");
    expect(identifierHelper(config, i18n.t, i18n.language)).toBe("Una sigla futura.");
  });
});

describe("countryName", () => {
  it("takes the catalogue's name, else the server's", async () => {
    await i18n.changeLanguage("es");
    expect(countryName({ code: "NL", name: text("Netherlands") }, i18n.t, i18n.language)).toBe("Países Bajos");
    expect(
      countryName({ code: "XX", name: text("Atlantis", "Atlantis", "Atlantis", "Atlantide", "Atlántida") }, i18n.t, "es"),
    ).toBe("Atlántida");
  });
});
