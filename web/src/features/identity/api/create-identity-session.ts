import { useMutation } from "@tanstack/react-query";
import type { IdentitySession, IdentitySessionRequest } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/**
 * POST /api/identity/create-session {vesselPlatformId} -> {url}: the provider's hosted check, which
 * sends the browser back to /registry/{platformId}?verified=identity. 401 signed out; 403 not the
 * vessel's current owner; 404 no such vessel; 409 already verified, or a check already pending.
 */
export function createIdentitySession(body: IdentitySessionRequest): Promise<IdentitySession> {
  return apiFetch<IdentitySession>("/api/identity/create-session", { method: "POST", json: body });
}

export function useCreateIdentitySession() {
  return useMutation({ mutationFn: createIdentitySession });
}
