import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ConsentLienRequest, Lien, MessageResponse, RegisterLienRequest, ReleaseLienRequest, User } from "@/api/types";
import { myVesselsQueryOptions } from "@/features/vessels/api/get-my-vessels";
import { vesselQueryOptions } from "@/features/vessels/api/get-vessel";
import { searchVesselsBaseKey } from "@/features/vessels/api/search-vessels";
import { apiFetch } from "@/lib/api-client";

/**
 * Whether `user` may register a lien: the server asks a lender for a verified email and identity
 * (403 `lien_lender_identity_required` otherwise), so only such a user can hold one.
 */
export function mayRegisterLien(user: User | null): user is User {
  return user != null && user.emailVerifiedAt != null && user.identityVerificationStatus === "verified";
}

const lienPath = (id: string, action: string) => `/api/liens/${encodeURIComponent(id)}/${action}`;

/**
 * GET /api/vessels/{id}/liens (the vessel's id, not its platform ID) -> newest first. The owner and
 * administrators see every lien in full, a lender their own; anyone else the active ones' lender
 * and dates, with amount, currency and reference null.
 */
export function getVesselLiens(vesselId: string, signal?: AbortSignal): Promise<Lien[]> {
  return apiFetch<Lien[]>(`/api/vessels/${encodeURIComponent(vesselId)}/liens`, { signal });
}

export const vesselLiensQueryOptions = (vesselId: string) =>
  queryOptions({
    queryKey: ["/api/vessels/liens", vesselId],
    queryFn: ({ signal }) => getVesselLiens(vesselId, signal),
  });

export function useVesselLiens(vesselId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...vesselLiensQueryOptions(vesselId), enabled });
}

/** GET /api/liens -> the liens the caller holds (`yourRole` lender) and those on their vessels (owner). */
export function getMyLiens(signal?: AbortSignal): Promise<Lien[]> {
  return apiFetch<Lien[]>("/api/liens", { signal });
}

export const myLiensQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/liens"],
    queryFn: ({ signal }) => getMyLiens(signal),
    // A code texted to the owner sends them here: what they open must be the lien just registered.
    staleTime: 0,
  });

export function useMyLiens() {
  return useQuery(myLiensQueryOptions());
}

/**
 * POST /api/vessels/{id}/liens -> 201 the lien, pending (the owner is texted a code). 403
 * `lien_lender_identity_required`; 409 `lien_vessel_not_in_registry`, `lien_on_own_vessel`,
 * `lien_owner_cannot_receive_code`; 422 field errors (lenderName, reference, amountCents, currency).
 */
export function registerLien(vesselId: string, body: RegisterLienRequest): Promise<Lien> {
  return apiFetch<Lien>(`/api/vessels/${encodeURIComponent(vesselId)}/liens`, { method: "POST", json: body });
}

/** POST /api/liens/{id}/consent {code} -> the lien, active. 400 a wrong code (attempts left), 429 no live code. */
export function consentToLien(id: string, body: ConsentLienRequest): Promise<Lien> {
  return apiFetch<Lien>(lienPath(id, "consent"), { method: "POST", json: body });
}

/** POST /api/liens/{id}/consent-code -> 202, a new code texted to the owner; 429 with Retry-After. */
export function resendLienCode(id: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(lienPath(id, "consent-code"), { method: "POST" });
}

/** POST /api/liens/{id}/transfer-consent -> the lien; 409 `lien_no_open_transfer`, `lien_transfer_already_consented`. */
export function consentToLienTransfer(id: string): Promise<Lien> {
  return apiFetch<Lien>(lienPath(id, "transfer-consent"), { method: "POST", json: {} });
}

/** POST /api/liens/{id}/release: `{}` for the lender, `{reason}` (10 to 1,000 characters) for an administrator. */
export function releaseLien(id: string, body: ReleaseLienRequest): Promise<Lien> {
  return apiFetch<Lien>(lienPath(id, "release"), { method: "POST", json: body });
}

/**
 * A lien that changed changes its vessel ('Encumbered' on its page, its card and the owner's list)
 * and both parties' lists.
 */
function useRefreshAfterLien() {
  const queryClient = useQueryClient();
  return (lien: Pick<Lien, "vesselId" | "platformId">) => {
    for (const queryKey of [
      vesselLiensQueryOptions(lien.vesselId).queryKey,
      myLiensQueryOptions().queryKey,
      vesselQueryOptions(lien.platformId).queryKey,
      myVesselsQueryOptions().queryKey,
      searchVesselsBaseKey,
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
}

export function useRegisterLien(vesselId: string) {
  const refresh = useRefreshAfterLien();
  return useMutation({ mutationFn: (body: RegisterLienRequest) => registerLien(vesselId, body), onSuccess: refresh });
}

export function useConsentToLien() {
  const refresh = useRefreshAfterLien();
  return useMutation({
    mutationFn: ({ id, code }: { id: string; code: string }) => consentToLien(id, { code }),
    onSuccess: refresh,
  });
}

export function useResendLienCode() {
  return useMutation({ mutationFn: resendLienCode });
}

export function useConsentToLienTransfer() {
  const refresh = useRefreshAfterLien();
  return useMutation({ mutationFn: consentToLienTransfer, onSuccess: refresh });
}

export function useReleaseLien() {
  const refresh = useRefreshAfterLien();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) => releaseLien(id, reason ? { reason } : {}),
    onSuccess: refresh,
  });
}
