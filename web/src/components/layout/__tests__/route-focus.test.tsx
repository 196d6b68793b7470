import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { VesselPage } from "@/api/types";
import i18n from "@/i18n";
import { jsonResponse, mockFetch, renderApp, urlOf } from "@/test/render";
import { makeDetail, makeVessel } from "@/test/vessels";

const BRAND = "European Small-Craft Registry";
const REGISTRY = "Search the Public Registry";

function resultsPage(): VesselPage {
  const data = Array.from({ length: 10 }, (_, i) =>
    makeVessel({ id: `v-${i + 1}`, platformId: `AAAA-BBBB-${String(i + 1).padStart(4, "0")}`, name: `Vessel ${i + 1}` }),
  );
  return { data, total: 23, totalPages: 3, totalRelation: "eq" };
}

function guest(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    "GET /api/auth/session": jsonResponse(200, { user: null }),
    "GET /api/stats": jsonResponse(200, { registeredVessels: 1, transfersCompleted: 0, countries: 1 }),
    "GET /api/vessels/search": jsonResponse(200, resultsPage()),
    ...extra,
  });
}

/** A response held back until the test lets it go. */
function deferred() {
  let release: (response: Response) => void = () => {};
  const response = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { response, release };
}

/** Pages whose code is fetched when first shown can take a moment in the test run. */
const LAZY = { timeout: 5000 };

const registryLink = () => within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Registry" });

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("moving between pages", () => {
  it("leaves focus alone on the first load, and names the page", async () => {
    guest();
    renderApp("/registry");
    expect(await screen.findByRole("link", { name: "View Details", description: "Vessel 1" })).toBeInTheDocument();
    expect(document.title).toBe(`${REGISTRY} · ${BRAND}`);
    expect(document.activeElement).toBe(document.body);
  });

  it("focuses the new page's h1 and retitles the page after following a link", async () => {
    const user = userEvent.setup();
    guest();
    renderApp("/");
    await screen.findByRole("heading", { level: 1 });
    expect(document.title).toBe(BRAND);

    await user.click(registryLink());
    const heading = await screen.findByRole("heading", { level: 1, name: REGISTRY });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe(`${REGISTRY} · ${BRAND}`);
    // Focusable by script only: never a Tab stop, and plain again once left.
    expect(heading).toHaveAttribute("tabindex", "-1");
    await user.tab();
    expect(heading).not.toHaveFocus();
    expect(heading).not.toHaveAttribute("tabindex");
  });

  it("waits for a heading the page renders once its data has arrived", async () => {
    const user = userEvent.setup();
    const vessel = deferred();
    guest({ "GET /api/vessels/AAAA-BBBB-0001": () => vessel.response });
    renderApp("/registry");

    await user.click(await screen.findByRole("link", { name: "View Details", description: "Vessel 1" }));
    // The page's code arrives first (its own chunk), then its data. (The router's 'Loading...' while
    // the code arrives is a status too: wait for the page's own title.)
    await screen.findByRole("status", { name: "Loading..." }, LAZY);
    await waitFor(() => expect(document.title).toBe(`Vessel Details · ${BRAND}`), LAZY);
    expect(screen.getByRole("status", { name: "Loading..." })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();

    vessel.release(jsonResponse(200, makeDetail({ platformId: "AAAA-BBBB-0001", name: "Vessel 1" })));
    const heading = await screen.findByRole("heading", { level: 1, name: "Vessel 1" }, LAZY);
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe(`Vessel 1 · ${BRAND}`);
  });

  it("waits while a page shows its h1 but is still loading, then focuses that h1 once", async () => {
    const user = userEvent.setup();
    const search = deferred();
    guest({ "GET /api/vessels/search": () => search.response });
    renderApp("/");
    await screen.findByRole("heading", { level: 1 });

    await user.click(registryLink());
    const heading = await screen.findByRole("heading", { level: 1, name: REGISTRY });
    await screen.findByRole("status", { name: "Loading..." });
    expect(heading).not.toHaveFocus();

    search.release(jsonResponse(200, resultsPage()));
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it("does not take focus when only the query string changes (the registry's search and pages)", async () => {
    const user = userEvent.setup();
    const fetchMock = guest();
    renderApp("/");
    await screen.findByRole("heading", { level: 1 });
    await user.click(registryLink());
    const heading = await screen.findByRole("heading", { level: 1, name: REGISTRY });
    await waitFor(() => expect(heading).toHaveFocus());

    // A page of results: ?page=2, the same page.
    const next = await screen.findByRole("button", { name: "Next" });
    await user.click(next);
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => urlOf(input).includes("page=2"))).toBe(true));
    await screen.findByRole("link", { name: "View Details", description: "Vessel 1" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(next).toHaveFocus();

    // A search: ?query=breeze&page=1. (The form is keyed by the URL's filters, so that back and
    // forward refill it, and its field is a new one afterwards; the heading is left alone.)
    const searchBox = screen.getByRole("searchbox", { name: "Search the registry" });
    await user.click(searchBox);
    await user.type(searchBox, "breeze{Enter}");
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => urlOf(input).includes("query=breeze"))).toBe(true));
    await screen.findByRole("link", { name: "View Details", description: "Vessel 1" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heading).not.toHaveFocus();
    expect(screen.getByRole("main")).not.toHaveFocus();
  });

  it("does not take focus back from where the reader has moved it meanwhile", async () => {
    const user = userEvent.setup();
    const search = deferred();
    guest({ "GET /api/vessels/search": () => search.response });
    renderApp("/");
    await screen.findByRole("heading", { level: 1 });

    await user.click(registryLink());
    await screen.findByRole("status", { name: "Loading..." });
    const searchBox = screen.getByRole("searchbox", { name: "Search the registry" });
    await user.click(searchBox);

    search.release(jsonResponse(200, resultsPage()));
    await screen.findByRole("link", { name: "View Details", description: "Vessel 1" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(searchBox).toHaveFocus();
  });

  it("titles the page in the reader's language", async () => {
    const user = userEvent.setup();
    guest();
    await i18n.changeLanguage("de");
    renderApp("/");
    await screen.findByRole("heading", { level: 1 });

    await user.click(
      within(screen.getByRole("navigation", { name: i18n.t("nav.main") })).getByRole("link", { name: i18n.t("nav.registry") }),
    );
    const heading = await screen.findByRole("heading", { level: 1, name: i18n.t("registry.title") });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe(`${i18n.t("registry.title")} · ${i18n.t("brand.name")}`);
    expect(i18n.t("registry.title")).not.toBe(REGISTRY);
  });
});
