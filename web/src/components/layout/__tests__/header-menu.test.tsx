import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockFetch, renderApp } from "@/test/render";
import { makeUser } from "@/test/vessels";

const STATS = jsonResponse(200, { registeredVessels: 1, transfersCompleted: 0, countries: 1 });

/** The header's 'Menu' button (the one a phone shows) and the panel it controls, once open. */
function menuButton() {
  return within(screen.getByRole("banner")).getByRole("button", { name: "Menu" });
}
function panel() {
  const id = menuButton().getAttribute("aria-controls");
  const element = id ? document.getElementById(id) : null;
  if (!element) throw new Error("the menu is not open");
  return element;
}

describe("the header's menu (phones)", () => {
  it("opens on its first link, and Escape closes it and gives the focus back", async () => {
    mockFetch({ "GET /api/auth/session": jsonResponse(200, { user: null }), "GET /api/stats": STATS });
    renderApp("/");
    const button = menuButton();
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).not.toHaveAttribute("aria-controls");

    await userEvent.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    const links = within(panel())
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(links).toEqual(["Registry", "How it Works", "Pricing", "Sign In", "Register Vessel"]);
    expect(within(panel()).getByRole("link", { name: "Registry" })).toHaveFocus();

    await userEvent.keyboard("{Escape}");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveFocus();
    expect(button).not.toHaveAttribute("aria-controls");
  });

  it("holds a signed-in account's links, and following one closes it", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
      "GET /api/stats": STATS,
      "GET /api/vessels/search": jsonResponse(200, { data: [], total: 0, totalPages: 0, totalRelation: "eq" }),
    });
    renderApp("/");
    await screen.findByRole("button", { name: "Sign Out" });
    await userEvent.click(menuButton());
    const menu = panel();
    expect(within(menu).getByRole("link", { name: "Dashboard" })).toBeInTheDocument();
    expect(within(menu).getByRole("link", { name: "Profile" })).toBeInTheDocument();
    expect(within(menu).getByRole("button", { name: "Sign Out" })).toBeInTheDocument();

    await userEvent.click(within(menu).getByRole("link", { name: "Registry" }));
    expect(await screen.findByRole("heading", { name: "Search the Public Registry", level: 1 })).toBeInTheDocument();
    expect(menuButton()).toHaveAttribute("aria-expanded", "false");
    expect(menu).not.toBeInTheDocument();
  });

  it("closes when the focus leaves it, or on a press outside it", async () => {
    mockFetch({ "GET /api/auth/session": jsonResponse(200, { user: null }), "GET /api/stats": STATS });
    renderApp("/");
    await userEvent.click(menuButton());
    // Tab past its last link ('Register Vessel').
    within(panel()).getByRole("link", { name: "Register Vessel" }).focus();
    await userEvent.tab();
    await waitFor(() => expect(menuButton()).toHaveAttribute("aria-expanded", "false"));

    await userEvent.click(menuButton());
    expect(menuButton()).toHaveAttribute("aria-expanded", "true");
    await userEvent.click(screen.getByRole("main"));
    expect(menuButton()).toHaveAttribute("aria-expanded", "false");
  });
});
