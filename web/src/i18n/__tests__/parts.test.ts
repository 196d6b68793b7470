import { afterAll, describe, expect, it } from "vitest";
import i18n, { changeLanguage } from "@/i18n";
import englishCore from "virtual:catalogue/en/core";

describe("a catalogue in two parts", () => {
  const complete = structuredClone(i18n.getResourceBundle("en", "translation") as Record<string, unknown>);

  afterAll(async () => {
    i18n.addResourceBundle("en", "translation", complete, true, true);
    await i18n.changeLanguage("en");
  });

  it("is whole before a switch past the first pages shows it", async () => {
    // As for a reader who arrived in Dutch: English holds only its first part.
    await i18n.changeLanguage("nl");
    i18n.removeResourceBundle("en", "translation");
    i18n.addResourceBundle("en", "translation", structuredClone(englishCore));
    expect(i18n.exists("login.title", { lng: "en", fallbackLng: [] })).toBe(false);

    changeLanguage("en");
    await new Promise<void>((resolve) => i18n.on("languageChanged", () => resolve()));
    expect(i18n.language).toBe("en");
    expect(i18n.t("login.title")).toBe("Sign In");
    expect(i18n.t("server.card_declined")).toBe("Your card was declined.");
  });
});
