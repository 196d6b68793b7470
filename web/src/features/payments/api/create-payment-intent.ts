import { useMutation } from "@tanstack/react-query";
import type { CreatedIntent, CreateIntentRequest } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/**
 * POST /api/payments/create-intent -> {clientSecret, paymentId, amountCents, currency}. The fee is
 * the server's; a second call for the same vessel returns its unfinished payment. 403 for anyone
 * but the owner, 409 when already paid or an identifier is taken, 422 for transfers (not yet open).
 */
export function createPaymentIntent(body: CreateIntentRequest): Promise<CreatedIntent> {
  return apiFetch<CreatedIntent>("/api/payments/create-intent", { method: "POST", json: body });
}

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}
