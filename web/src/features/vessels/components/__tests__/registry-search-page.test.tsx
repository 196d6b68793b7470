import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { AppProviders } from "@/app/providers";
import { createQueryClient } from "@/app/query-client";
import type { CountryConfig, TotalRelation, VesselPage } from "@/api/types";
import { RegistrySearchPage } from "@/features/vessels/components/registry-search-page";
import i18n from "@/i18n";
import { jsonResponse, mockFetch, urlOf } from "@/test/render";
import { makeVessel } from "@/test/vessels";

/** 23 vessels, answered 10 a page like the server; with "gte" there are more than `total`. */
function pageOf(page: number, total = 23, totalRelation: TotalRelation = "eq"): VesselPage {
  const count = Math.max(0, Math.min(10, total - (page - 1) * 10));
  const data = Array.from({ length: count }, (_, i) => {
    const n = (page - 1) * 10 + i + 1;
    return makeVessel({ id: `v-${n}`, platformId: `AAAA-BBBB-${String(n).padStart(4, "0")}`, name: `Vessel ${n}` });
  });
  return { data, total, totalPages: Math.ceil(total / 10), totalRelation };
}

function searchHandler(total = 23, totalRelation: TotalRelation = "eq") {
  return (url: string) => {
    const page = Number(new URL(url, "http://localhost").searchParams.get("page") ?? "1");
    return jsonResponse(200, pageOf(page, total, totalRelation));
  };
}

/** The server's configured countries (GET /api/config/countries): all eleven. */
const CONFIGURED_COUNTRIES: CountryConfig[] = ["NL", "DE", "FR", "ES", "IT", "BE", "PL", "PT", "GR", "HR", "CH"].map((code) => ({
  code,
  flag: "",
  identifiers: [],
  name: { en: code, nl: code, de: code, fr: code, es: code, it: code },
  phonePrefix: "+1",
}));

const REFINE_HINT =
  "Only the first 1,000 results can be browsed. Add a country, a build year or more of the name to narrow the search.";

/** Shows the current URL and offers the browser's Back button. */
function Probe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="Current URL">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
      <button type="button" onClick={() => void navigate(1)}>
        Browser forward
      </button>
    </>
  );
}

function renderSearch(path = "/registry") {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/registry" element={<RegistrySearchPage />} />
        </Routes>
        <Probe />
      </MemoryRouter>
    </AppProviders>,
  );
}

const searchCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([url]) => urlOf(url))
    .filter((url) => url.startsWith("/api/vessels/search"))
    .map((url) => new URL(url, "http://localhost").searchParams);

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("RegistrySearchPage", () => {
  it("shows the title, the search box and three skeletons while loading", () => {
    mockFetch({ "GET /api/vessels/search": () => new Promise<Response>(() => {}) });
    renderSearch();
    expect(screen.getByRole("heading", { name: "Search the Public Registry", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Find a vessel by platform ID, name or specifications.")).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Search by Platform ID or vessel name...")).toBeInTheDocument();
    const loading = screen.getByRole("status", { name: "Loading..." });
    expect(loading.children).toHaveLength(3);
  });

  it("shows the pager text and disables Previous on page 1 and Next on the last page", async () => {
    const fetchMock = mockFetch({ "GET /api/vessels/search": searchHandler() });
    renderSearch();
    expect(await screen.findByText("Showing 1-10 of 23 results")).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(10);
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Next" })).toBeEnabled();

    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Showing 11-20 of 23 results")).toBeInTheDocument();
    expect(screen.getByLabelText("Current URL")).toHaveTextContent("/registry?page=2");

    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Showing 21-23 of 23 results")).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(3);
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Previous" })).toBeEnabled();

    const last = searchCalls(fetchMock).at(-1)!;
    expect(last.get("page")).toBe("3");
    expect(last.get("pageSize")).toBe("10");
    expect(last.has("query")).toBe(false);
  });

  it("says there are more than the total when the server could not count them all, with a hint to narrow the search", async () => {
    mockFetch({ "GET /api/vessels/search": searchHandler(1000, "gte") });
    renderSearch("/registry?query=a");
    expect(await screen.findByText("Showing 1-10 of more than 1,000 results")).toBeInTheDocument();
    expect(screen.getByText(REFINE_HINT)).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(10);
    expect(screen.getByRole("button", { name: "Next" })).toBeEnabled();
  });

  it("disables Next at the last page that can be fetched when there are more results", async () => {
    mockFetch({ "GET /api/vessels/search": searchHandler(1000, "gte") });
    renderSearch("/registry?query=a&page=100");
    expect(await screen.findByText("Showing 991-1,000 of more than 1,000 results")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Previous" })).toBeEnabled();
  });

  it("formats the bound by the reader's language", async () => {
    await i18n.changeLanguage("nl");
    mockFetch({ "GET /api/vessels/search": searchHandler(1000, "gte") });
    renderSearch("/registry?query=a");
    expect(await screen.findByText("1-10 van meer dan 1.000 resultaten")).toBeInTheDocument();
    expect(
      screen.getByText(
        "Alleen de eerste 1.000 resultaten zijn te bekijken. Voeg een land, bouwjaar of meer van de naam toe om de zoekopdracht te verfijnen.",
      ),
    ).toBeInTheDocument();
  });

  it("gives no hint when the total is exact", async () => {
    mockFetch({ "GET /api/vessels/search": searchHandler(1000) });
    renderSearch("/registry?query=a");
    expect(await screen.findByText("Showing 1-10 of 1,000 results")).toBeInTheDocument();
    expect(screen.queryByText(/more than/)).not.toBeInTheDocument();
    expect(screen.queryByText(REFINE_HINT)).not.toBeInTheDocument();
  });

  it("puts the search in the URL, sends only non-empty filters and resets to page 1 on submit", async () => {
    const fetchMock = mockFetch({
      "GET /api/vessels/search": searchHandler(),
      "GET /api/config/countries": jsonResponse(200, CONFIGURED_COUNTRIES),
    });
    renderSearch("/registry?query=old&page=3");
    expect(await screen.findByText("Showing 21-23 of 23 results")).toBeInTheDocument();
    const box = screen.getByRole("searchbox", { name: "Search the registry" });
    expect(box).toHaveValue("old");

    await userEvent.clear(box);
    await userEvent.type(box, "bav");
    const toggle = screen.getByRole("button", { name: "Advanced Filters" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const country = screen.getByLabelText("Country");
    expect(within(country).getByRole("option", { name: "Netherlands" })).toBeInTheDocument();
    // Every country the registry lists vessels of, as its configuration says, in its order.
    expect(await within(country).findByRole("option", { name: "Croatia" })).toBeInTheDocument();
    expect(
      within(country)
        .getAllByRole("option")
        .map((o) => o.getAttribute("value")),
    ).toEqual(["", "NL", "DE", "FR", "ES", "IT", "BE", "PL", "PT", "GR", "HR", "CH"]);
    await userEvent.selectOptions(country, "NL");
    await userEvent.type(screen.getByLabelText("Year from"), "2010");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));

    expect(await screen.findByText("Showing 1-10 of 23 results")).toBeInTheDocument();
    // The form stays as it is after its own search: the focus stays where the reader left it.
    expect(screen.getByRole("button", { name: "Search" })).toHaveFocus();
    expect(screen.getByRole("searchbox", { name: "Search the registry" })).toBe(box);
    expect(screen.getByLabelText("Current URL")).toHaveTextContent(
      "/registry?query=bav&countryCode=NL&buildYearFrom=2010&page=1",
    );
    const last = searchCalls(fetchMock).at(-1)!;
    expect(Object.fromEntries(last)).toEqual({
      query: "bav",
      countryCode: "NL",
      buildYearFrom: "2010",
      page: "1",
      pageSize: "10",
    });
  });

  it("restores the previous search with the back button", async () => {
    mockFetch({ "GET /api/vessels/search": searchHandler() });
    renderSearch("/registry?query=bav&page=1");
    expect(await screen.findByText("Showing 1-10 of 23 results")).toBeInTheDocument();
    const box = screen.getByRole("searchbox", { name: "Search the registry" });
    await userEvent.clear(box);
    await userEvent.type(box, "hanse{Enter}");
    expect(screen.getByLabelText("Current URL")).toHaveTextContent("/registry?query=hanse&page=1");

    expect(box).toHaveFocus();

    await userEvent.click(screen.getByRole("button", { name: "Browser back" }));
    expect(screen.getByLabelText("Current URL")).toHaveTextContent("/registry?query=bav&page=1");
    expect(screen.getByRole("searchbox", { name: "Search the registry" })).toHaveValue("bav");

    // Forward again: the URL's search, not a search of this form, so the form shows it.
    await userEvent.click(screen.getByRole("button", { name: "Browser forward" }));
    expect(screen.getByLabelText("Current URL")).toHaveTextContent("/registry?query=hanse&page=1");
    expect(screen.getByRole("searchbox", { name: "Search the registry" })).toHaveValue("hanse");
  });

  it("reproduces a shared URL, opening the advanced filters that are set", async () => {
    const fetchMock = mockFetch({ "GET /api/vessels/search": searchHandler() });
    renderSearch("/registry?countryCode=DE&buildYearTo=2000&page=2");
    expect(await screen.findByText("Showing 11-20 of 23 results")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Advanced Filters" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByLabelText("Country")).toHaveValue("DE");
    expect(screen.getByLabelText("Year to")).toHaveValue(2000);
    expect(Object.fromEntries(searchCalls(fetchMock)[0])).toEqual({
      countryCode: "DE",
      buildYearTo: "2000",
      page: "2",
      pageSize: "10",
    });
  });

  it("looks through only the vessels reported stolen when asked, and keeps the choice in the URL", async () => {
    const fetchMock = mockFetch({
      "GET /api/vessels/search": searchHandler(),
      "GET /api/config/countries": jsonResponse(200, CONFIGURED_COUNTRIES),
    });
    renderSearch("/registry");
    expect(await screen.findByText("Showing 1-10 of 23 results")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Advanced Filters" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Only vessels reported stolen" }));
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(searchCalls(fetchMock).at(-1)?.get("stolen")).toBe("true"));
  });

  it("reads 'only stolen' from a shared link, with the filters open", async () => {
    const fetchMock = mockFetch({
      "GET /api/vessels/search": searchHandler(),
      "GET /api/config/countries": jsonResponse(200, CONFIGURED_COUNTRIES),
    });
    renderSearch("/registry?stolen=true");
    expect(await screen.findByText("Showing 1-10 of 23 results")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Only vessels reported stolen" })).toBeChecked();
    expect(searchCalls(fetchMock)[0].get("stolen")).toBe("true");
  });

  it("says so when nothing is found", async () => {
    mockFetch({ "GET /api/vessels/search": jsonResponse(200, { data: [], total: 0, totalPages: 0, totalRelation: "eq" }) });
    renderSearch("/registry?query=nothing");
    expect(await screen.findByText("No vessels found. Try adjusting your search filters.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Next" })).not.toBeInTheDocument();
  });

  it("offers the countries the server's configuration lists, and keeps a shared link's country once they come", async () => {
    mockFetch({
      "GET /api/vessels/search": searchHandler(),
      "GET /api/config/countries": jsonResponse(200, CONFIGURED_COUNTRIES.filter((c) => ["HR", "NL"].includes(c.code)).reverse()),
    });
    renderSearch("/registry?countryCode=HR&page=1");
    const country = screen.getByLabelText("Country");
    await waitFor(() =>
      expect(
        within(country)
          .getAllByRole("option")
          .map((o) => o.getAttribute("value")),
      ).toEqual(["", "HR", "NL"]),
    );
    expect(country).toHaveValue("HR");
  });

  it("says 'Year to' cannot be earlier than 'Year from' instead of finding nothing", async () => {
    const fetchMock = mockFetch({ "GET /api/vessels/search": searchHandler() });
    renderSearch();
    expect(await screen.findByText("Showing 1-10 of 23 results")).toBeInTheDocument();
    const before = searchCalls(fetchMock).length;
    await userEvent.click(screen.getByRole("button", { name: "Advanced Filters" }));
    await userEvent.type(screen.getByLabelText("Year from"), "2020");
    await userEvent.type(screen.getByLabelText("Year to"), "2010");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));

    const yearTo = screen.getByLabelText("Year to");
    await waitFor(() => expect(yearTo).toHaveFocus());
    expect(yearTo).toHaveAttribute("aria-invalid", "true");
    expect(yearTo).toHaveAccessibleDescription("'Year to' cannot be earlier than 'Year from'.");
    expect(screen.getByLabelText("Current URL")).toHaveTextContent("/registry");
    expect(screen.getByLabelText("Current URL")).not.toHaveTextContent("buildYear");
    expect(searchCalls(fetchMock)).toHaveLength(before);

    // Put right, the search runs and the message goes.
    await userEvent.clear(yearTo);
    await userEvent.type(yearTo, "2024");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(screen.getByLabelText("Current URL")).toHaveTextContent("buildYearFrom=2020&buildYearTo=2024");
    expect(yearTo).not.toHaveAttribute("aria-invalid");
  });

  it("says the same of a shared link with the years the wrong way round, and searches nothing", () => {
    const fetchMock = mockFetch({ "GET /api/vessels/search": searchHandler() });
    renderSearch("/registry?buildYearFrom=2020&buildYearTo=2010&page=1");
    expect(screen.getByLabelText("Year to")).toHaveAccessibleDescription("'Year to' cannot be earlier than 'Year from'.");
    expect(screen.queryByText("No vessels found. Try adjusting your search filters.")).not.toBeInTheDocument();
    expect(screen.queryByRole("status", { name: "Loading..." })).not.toBeInTheDocument();
    expect(searchCalls(fetchMock)).toEqual([]);
  });

  it("says a mistyped platform ID has a typo and links the registered ID it likely was", async () => {
    const empty = { data: [], total: 0, totalPages: 0, totalRelation: "eq" };
    const fetchMock = mockFetch({
      "GET /api/vessels/search": (url) => {
        const query = new URL(url, "http://localhost").searchParams.get("query");
        // Fragments of the ID: its first five characters find the vessel it was meant to be.
        if (query === "7KQ2M") {
          return jsonResponse(200, { ...empty, data: [makeVessel({ platformId: "7KQ2-M9XD-4HTB" })], total: 1, totalPages: 1 });
        }
        return jsonResponse(200, empty);
      },
    });
    renderSearch("/registry?query=7KQ2-M9XD-4THB&page=1");
    expect(await screen.findByText("This ID has a typo: check the characters and try again.")).toBeInTheDocument();
    const link = await screen.findByRole("link", { name: "7KQ2-M9XD-4HTB" });
    expect(link).toHaveAttribute("href", "/registry/7KQ2-M9XD-4HTB");
    expect(link.closest("p")).toHaveTextContent("Did you mean 7KQ2-M9XD-4HTB?");
    expect(screen.queryByText("No vessels found. Try adjusting your search filters.")).not.toBeInTheDocument();
    expect(searchCalls(fetchMock).map((p) => p.get("query"))).toEqual(["7KQ2-M9XD-4THB", "7KQ2M", "D4THB"]);
  });

  it("says a mistyped ID has a typo without a link when no registered ID is one change away", async () => {
    mockFetch({ "GET /api/vessels/search": jsonResponse(200, { data: [], total: 0, totalPages: 0, totalRelation: "eq" }) });
    renderSearch("/registry?query=7kq2m9xd4ht8&page=1");
    expect(await screen.findByText("This ID has a typo: check the characters and try again.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument());
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });

  it("shows the server's message when the search fails", async () => {
    mockFetch({
      "GET /api/vessels/search": jsonResponse(400, { message: "buildYearFrom must be a number.", code: "bad_request" }),
    });
    renderSearch("/registry?buildYearFrom=abc");
    expect(await screen.findByRole("alert")).toHaveTextContent("buildYearFrom must be a number.");
  });
});
