import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CountryConfig } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

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
