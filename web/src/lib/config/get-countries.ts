import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CountryConfig } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

// The supported countries are the app's configuration, read by the registration wizard, the
// transfer wizard and the profile's phone number (their phone prefixes), so, like the session,
// the query lives in lib/ rather than in one feature's api/ folder.

/** GET /api/config/countries -> every supported country with flag, phone prefix and identifiers. */
export function getCountries(signal?: AbortSignal): Promise<CountryConfig[]> {
  return apiFetch<CountryConfig[]>("/api/config/countries", { signal });
}

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/config/countries"],
    queryFn: ({ signal }) => getCountries(signal),
  });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}
