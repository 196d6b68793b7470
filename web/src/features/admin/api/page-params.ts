/** Spec section 9: the admin console lists 20 rows a page. */
export const ADMIN_PAGE_SIZE = 20;

/**
 * The query string of an admin list: the filters that are set (empty strings and undefined are
 * "all" and left out), then the page and the page size.
 */
export function pageParams(filters: Record<string, string | undefined>, page: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    const trimmed = value?.trim();
    if (trimmed) params.set(name, trimmed);
  }
  params.set("page", String(page));
  params.set("pageSize", String(ADMIN_PAGE_SIZE));
  return params;
}

/**
 * For `placeholderData`: keep the rows on screen while the next page of the same list loads, but
 * not when the filters changed (then the list shows its skeletons, never rows that do not match).
 * The filters are the query key's second segment.
 */
export function keepPreviousPageOnly<T>(filters: unknown) {
  const key = JSON.stringify(filters);
  return (previous: T | undefined, previousQuery: { queryKey: readonly unknown[] } | undefined): T | undefined =>
    previousQuery && JSON.stringify(previousQuery.queryKey[1]) === key ? previous : undefined;
}
