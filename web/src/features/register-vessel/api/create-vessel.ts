import { useMutation } from "@tanstack/react-query";
import type { CreatedVessel, CreateVesselRequest } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/**
 * POST /api/vessels -> 201 the vessel (status pending_payment) with non-blocking `warnings`.
 * 403 `email_unverified`; 409 when an identifier is used by an active vessel; 422 field errors
 * named after the request's fields (`identifiers.<type>` for national identifiers).
 */
export function createVessel(body: CreateVesselRequest): Promise<CreatedVessel> {
  return apiFetch<CreatedVessel>("/api/vessels", { method: "POST", json: body });
}

// The owner's vessel list lives in another feature; its query reloads whenever the dashboard
// opens, so nothing needs invalidating from here.
export function useCreateVessel() {
  return useMutation({ mutationFn: createVessel });
}
