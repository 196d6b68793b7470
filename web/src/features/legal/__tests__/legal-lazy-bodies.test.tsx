import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PrivacyPage } from "@/features/legal/routes";
import i18n from "@/i18n";
import { renderRoute } from "@/test/render";

/** Stand-ins for the Privacy Policy's bodies, recording which were loaded, in order. */
const { loaded, stub } = vi.hoisted(() => {
  const loaded: string[] = [];
  function stub(code: string) {
    loaded.push(code);
    return { default: () => `privacy body (${code})` };
  }
  return { loaded, stub };
});

vi.mock("@/features/legal/content/privacy.en", () => stub("en"));
vi.mock("@/features/legal/content/privacy.nl", () => stub("nl"));
vi.mock("@/features/legal/content/privacy.de", () => stub("de"));
vi.mock("@/features/legal/content/privacy.fr", () => stub("fr"));
vi.mock("@/features/legal/content/privacy.es", () => stub("es"));
vi.mock("@/features/legal/content/privacy.it", () => stub("it"));

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("a legal page's bodies", () => {
  it("are loaded one language at a time, when a reader needs it", async () => {
    await i18n.changeLanguage("fr");
    renderRoute(<PrivacyPage />, { path: "/legal/privacy" });
    expect(await screen.findByText("privacy body (fr)")).toBeInTheDocument();
    expect(loaded).toEqual(["fr"]);

    await act(() => i18n.changeLanguage("it"));
    expect(await screen.findByText("privacy body (it)")).toBeInTheDocument();
    expect(loaded).toEqual(["fr", "it"]);
  });
});
