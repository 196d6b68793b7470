import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { ApiError, apiFetch } from "@/lib/api-client";

type UnauthorizedBehavior = "returnNull" | "throw";

/**
 * The default query call (spec section 7): a GET to the path made by joining the key's
 * segments with "/", parsed as JSON. A 401 is an error unless told to return null.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    try {
      return await apiFetch<T>(queryKey.map(String).join("/"), { signal });
    } catch (err) {
      if (on401 === "returnNull" && err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  };
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
