import { queryOptions, useQuery } from "@tanstack/react-query";
import { searchVessels, searchVesselsBaseKey } from "@/features/vessels/api/search-vessels";
import { normalPlatformId, platformIdCorrections } from "@/lib/platform-id";

/**
 * The listed vessel a mistyped platform ID most likely meant, or null. Every ID one swap or one
 * character away keeps either its first five characters or its last five, so two searches by
 * those fragments (GET /api/vessels/search matches fragments of IDs) find whichever of them is
 * registered; the likeliest found wins.
 */
export async function findMistypedPlatformId(typed: string, signal?: AbortSignal): Promise<string | null> {
  const corrections = platformIdCorrections(typed);
  const compact = normalPlatformId(typed)?.replace(/-/g, "");
  if (!compact || corrections.length === 0) return null;
  const pages = await Promise.all(
    [compact.slice(0, 5), compact.slice(-5)].map((query) =>
      searchVessels({ query, countryCode: "", buildYearFrom: "", buildYearTo: "", stolen: "", page: 1 }, signal),
    ),
  );
  const found = new Set(pages.flatMap((page) => page.data.map((vessel) => normalPlatformId(vessel.platformId))));
  return corrections.find((id) => found.has(id)) ?? null;
}

export const mistypedPlatformIdQueryOptions = (typed: string) =>
  queryOptions({
    queryKey: [...searchVesselsBaseKey, "mistyped", normalPlatformId(typed)],
    queryFn: ({ signal }) => findMistypedPlatformId(typed, signal),
  });

/** Asks only when `typed` is a mistyped ID and `enabled` (the search itself found nothing). */
export function useMistypedPlatformId(typed: string, enabled: boolean) {
  return useQuery({ ...mistypedPlatformIdQueryOptions(typed), enabled });
}
