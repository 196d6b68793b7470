import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SupportContact } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

// The registry's support address is configuration (REGISTRY_SUPPORT_EMAIL), shown by the footer,
// the contact page, the certificate check and the privacy page: like the countries, it lives in lib/.

/** GET /api/config/support -> {email}: where people write about disputes and for support. */
export function getSupportContact(signal?: AbortSignal): Promise<SupportContact> {
  return apiFetch<SupportContact>("/api/config/support", { signal });
}

export const supportContactQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/config/support"],
    queryFn: ({ signal }) => getSupportContact(signal),
    staleTime: Infinity,
  });

export function useSupportContact() {
  return useQuery(supportContactQueryOptions());
}
