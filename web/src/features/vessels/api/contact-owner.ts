import { useMutation } from "@tanstack/react-query";
import type { ContactOwnerRequest, MessageResponse } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/**
 * POST /api/vessels/{platformId}/contact {message, replyTo} -> 202: the message is emailed to the
 * owner of a listed vessel for sale, with the reply address; the owner's address is never shown.
 * 409 `vessel_not_for_sale`; 422 field errors; 429 too many messages (see Retry-After).
 */
export function contactOwner(platformId: string, body: ContactOwnerRequest): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/api/vessels/${encodeURIComponent(platformId)}/contact`, { method: "POST", json: body });
}

export function useContactOwner(platformId: string) {
  return useMutation({ mutationFn: (body: ContactOwnerRequest) => contactOwner(platformId, body) });
}
