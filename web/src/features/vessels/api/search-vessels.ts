import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { VesselPage } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/** Spec section 9: the search page shows 10 vessels a page. */
export const SEARCH_PAGE_SIZE = 10;

/** The search as it stands in the page's URL; empty strings are "not set". */
export type VesselSearch = {
  query: string;
  countryCode: string;
  buildYearFrom: string;
  buildYearTo: string;
  /** "true": only vessels reported stolen. */
  stolen: string;
  page: number;
};

/** The key every search starts with, so a change to any vessel can refresh all searches. */
export const searchVesselsBaseKey = ["/api/vessels/search"] as const;

/** The query string: only non-empty filters, then page and page size (spec section 7). */
export function searchParamsFor(search: VesselSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ["query", "countryCode", "buildYearFrom", "buildYearTo", "stolen"] as const) {
    const value = search[name].trim();
    if (value) params.set(name, value);
  }
  params.set("page", String(search.page));
  params.set("pageSize", String(SEARCH_PAGE_SIZE));
  return params;
}

/**
 * GET /api/vessels/search -> {data, total, totalPages, totalRelation}; public vessels only. With
 * `totalRelation` "gte" there are more results than `total`, and only `total` can be paged through.
 */
export function searchVessels(search: VesselSearch, signal?: AbortSignal): Promise<VesselPage> {
  return apiFetch<VesselPage>(`/api/vessels/search?${searchParamsFor(search)}`, { signal });
}

/** A page of results with the number of the page it is, which stays with it while it is shown in the next one's place. */
export type SearchResultsPage = VesselPage & { page: number };

export const searchVesselsQueryOptions = (search: VesselSearch) =>
  queryOptions({
    queryKey: [...searchVesselsBaseKey, search],
    queryFn: ({ signal }): Promise<SearchResultsPage> =>
      searchVessels(search, signal).then((found) => ({ ...found, page: search.page })),
  });

export function useSearchVessels(search: VesselSearch, { enabled = true } = {}) {
  // Keep the previous page on screen while the next one loads only for paging; a new
  // search shows the skeletons.
  return useQuery({ ...searchVesselsQueryOptions(search), placeholderData: keepPreviousPageOnly(search), enabled });
}

function keepPreviousPageOnly(search: VesselSearch) {
  return (previous: SearchResultsPage | undefined, previousQuery: { queryKey: readonly unknown[] } | undefined) => {
    const before = previousQuery?.queryKey[1] as VesselSearch | undefined;
    if (!before) return undefined;
    const sameFilters =
      before.query === search.query &&
      before.countryCode === search.countryCode &&
      before.buildYearFrom === search.buildYearFrom &&
      before.buildYearTo === search.buildYearTo;
    return sameFilters ? keepPreviousData(previous) : undefined;
  };
}
