import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import i18n from "@/i18n";
import { jsonBody, jsonResponse, mockFetch, renderApp, urlOf } from "@/test/render";
import { makeUser } from "@/test/vessels";

afterEach(async () => {
  await i18n.changeLanguage("en");
});

async function choose(menuLabel: RegExp, nativeName: string) {
  await userEvent.click(await screen.findByRole("button", { name: menuLabel }));
  await userEvent.click(await screen.findByRole("menuitemradio", { name: new RegExp(nativeName) }));
}

describe("the reader's language", () => {
  it("is the account's once signed in, and a choice made then is kept on the account", async () => {
    let saved: unknown = null;
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser({ language: "nl" }) }),
      "GET /api/stats": jsonResponse(200, { registeredVessels: 1, transfersCompleted: 0, countries: 1 }),
      "PUT /api/profile/language": (_url, init) => {
        saved = jsonBody(init);
        return jsonResponse(200, saved);
      },
    });
    renderApp("/");
    await waitFor(() => expect(i18n.language).toBe("nl"));
    expect(document.documentElement.lang).toBe("nl");

    await choose(/Taal/, "Deutsch");
    await waitFor(() => expect(saved).toEqual({ language: "de" }));
    await waitFor(() => expect(i18n.language).toBe("de"));
    expect(document.documentElement.lang).toBe("de");
  });

  it("stays in this browser for a guest, and nothing is sent", async () => {
    const fetchMock = mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "GET /api/stats": jsonResponse(200, { registeredVessels: 1, transfersCompleted: 0, countries: 1 }),
    });
    renderApp("/");
    await choose(/Language/, "Italiano");
    await waitFor(() => expect(i18n.language).toBe("it"));
    expect(window.localStorage.getItem("registry.language")).toBe("it");
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).includes("/api/profile/language"))).toBe(false);
  });
});

describe("a language chosen before signing in", () => {
  /** /login as a guest; signing in answers with an account whose stored language is English. */
  function signInFlow() {
    const saved: unknown[] = [];
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "POST /api/auth/login": jsonResponse(200, makeUser({ language: "en" })),
      "PUT /api/profile/language": (_url, init) => {
        saved.push(jsonBody(init));
        return jsonResponse(200, jsonBody(init));
      },
      "GET /api/vessels/mine": jsonResponse(200, []),
      "GET /api/transfers": jsonResponse(200, []),
    });
    renderApp("/login");
    return saved;
  }

  async function signIn(email: string, password: string, submit: string) {
    await userEvent.type(await screen.findByLabelText(email), "owner@registry.test");
    await userEvent.type(screen.getByLabelText(password), "sloop-owner-2025");
    await userEvent.click(screen.getByRole("button", { name: submit }));
  }

  it("becomes the account's language instead of the one the account had stored", async () => {
    const saved = signInFlow();
    await choose(/Language/, "Deutsch");
    await waitFor(() => expect(i18n.language).toBe("de"));

    await signIn("E-Mail", "Passwort", "Anmelden");
    await waitFor(() => expect(saved).toEqual([{ language: "de" }]));
    // Still German once signed in (the account's stored English is not applied).
    expect(await screen.findByRole("button", { name: "Abmelden" })).toBeInTheDocument();
    expect(i18n.language).toBe("de");
  });

  it("is not sent when none was chosen: the account's stored language applies", async () => {
    const saved = signInFlow();
    await signIn("Email", "Password", "Sign In");
    expect(await screen.findByRole("button", { name: "Sign Out" })).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(i18n.language).toBe("en");
  });
});

describe("the language menu", () => {
  it("works with the keyboard alone, as a menu button", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "GET /api/stats": jsonResponse(200, { registeredVessels: 1, transfersCompleted: 0, countries: 1 }),
    });
    renderApp("/");
    const button = await screen.findByRole("button", { name: /Language/ });
    expect(button).toHaveAttribute("aria-expanded", "false");
    button.focus();

    // Enter opens it on the current language; the arrows wrap; Escape returns to the button.
    await userEvent.keyboard("{Enter}");
    expect(screen.getByRole("menu", { name: "Language" })).toBeInTheDocument();
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(document.activeElement).toHaveAccessibleName(/English/);
    expect(screen.getByRole("menuitemradio", { name: /English/ })).toHaveAttribute("aria-checked", "true");
    await userEvent.keyboard("{ArrowUp}");
    expect(document.activeElement).toHaveAccessibleName(/Italiano/);
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    expect(document.activeElement).toHaveAccessibleName(/Nederlands/);
    await userEvent.keyboard("{End}");
    expect(document.activeElement).toHaveAccessibleName(/Italiano/);
    await userEvent.keyboard("{Home}");
    expect(document.activeElement).toHaveAccessibleName(/English/);
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(document.activeElement).toBe(button);

    // Up opens it on the last language; Tab closes it.
    await userEvent.keyboard("{ArrowUp}");
    expect(document.activeElement).toHaveAccessibleName(/Italiano/);
    await userEvent.tab();
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();

    // A letter moves to the language it starts; Space chooses it.
    button.focus();
    await userEvent.keyboard("{ArrowDown}d");
    expect(document.activeElement).toHaveAccessibleName(/Deutsch/);
    await userEvent.keyboard(" ");
    await waitFor(() => expect(i18n.language).toBe("de"));
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(document.activeElement).toBe(await screen.findByRole("button", { name: /Sprache/ }));
  });

  it("closes on a press outside it", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "GET /api/stats": jsonResponse(200, { registeredVessels: 1, transfersCompleted: 0, countries: 1 }),
    });
    renderApp("/");
    await userEvent.click(await screen.findByRole("button", { name: /Language/ }));
    expect(screen.getByRole("menu")).toBeInTheDocument();
    await userEvent.click(document.body);
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
  });

  it("closes when its button is pressed again", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "GET /api/stats": jsonResponse(200, { registeredVessels: 1, transfersCompleted: 0, countries: 1 }),
    });
    renderApp("/");
    const button = await screen.findByRole("button", { name: /Language/ });
    await userEvent.click(button);
    expect(screen.getByRole("menu")).toBeInTheDocument();
    await userEvent.click(button);
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(button).toHaveAttribute("aria-expanded", "false");
  });
});
