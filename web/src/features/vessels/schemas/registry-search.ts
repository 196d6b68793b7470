import type { VesselSearch } from "@/features/vessels/api/search-vessels";

// The registry search's form is checked by hand, not by a zod schema: it is on the first page
// people load, whose script budget (e2e/first-load.test.mjs) has no room for the form libraries.

/** What is wrong with the build years, as an i18n key for 'Year to', or null: 'from' after 'to' finds nothing. */
export function buildYearsIssue({ buildYearFrom, buildYearTo }: Pick<VesselSearch, "buildYearFrom" | "buildYearTo">) {
  const from = Number.parseInt(buildYearFrom, 10);
  const to = Number.parseInt(buildYearTo, 10);
  return Number.isFinite(from) && Number.isFinite(to) && from > to ? "registry.yearRangeOrder" : null;
}
