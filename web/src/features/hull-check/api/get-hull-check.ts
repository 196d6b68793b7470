import { queryOptions, useQuery } from "@tanstack/react-query";
import type { HullCheck } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/** What a hull check asks about: the query parameter's name is the kind. */
export const HULL_CHECK_KINDS = ["cin", "platformId", "mmsi"] as const;

export type HullCheckKind = (typeof HULL_CHECK_KINDS)[number];

export type HullCheckQuery = { kind: HullCheckKind; value: string };

/**
 * GET /api/hull-check?cin=… (or ?platformId=…, or ?mmsi=…; exactly one) -> {registered, vessel,
 * stolen, encumbered, historyVerified, cin, warnings, summary}: what a buyer learns of a hull
 * before paying, never who owns it. Public. 400 `hull_check_one_identifier`,
 * `invalid_platform_id`; 422 a malformed MMSI (field `mmsi`); 429 `too_many_hull_checks` with
 * Retry-After (30 checks a minute per address). A malformed CIN is answered, not refused.
 */
export function getHullCheck({ kind, value }: HullCheckQuery, signal?: AbortSignal): Promise<HullCheck> {
  const query = new URLSearchParams({ [kind]: value });
  return apiFetch<HullCheck>(`/api/hull-check?${query}`, { signal });
}

export const hullCheckQueryOptions = (query: HullCheckQuery) =>
  queryOptions({
    queryKey: ["/api/hull-check", query.kind, query.value],
    queryFn: ({ signal }) => getHullCheck(query, signal),
    // A theft report or a lien may have been registered since: ask afresh each time it is shown.
    staleTime: 0,
  });

/** The check of `query`; nothing is asked while it is null. */
export function useHullCheck(query: HullCheckQuery | null) {
  return useQuery({ ...hullCheckQueryOptions(query ?? { kind: "cin", value: "" }), enabled: query != null });
}
