import { useMutation } from "@tanstack/react-query";
import type { CreatedIntent, CreateIntentRequest } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/**
 * POST /api/payments/create-intent -> {clientSecret, paymentId, amountCents, currency}. The fee is
 * the server's; a second call for the same vessel or transfer returns its unfinished payment.
 * Registration: 403 for anyone but the owner, 409 when already paid or an identifier is taken.
 * Transfer (with `transferId`): the seller or the new owner of a verified transfer; 409 when it
 * is not payable (not verified, closed or already paid). Each party of a transfer pays with a payment
 * of their own; whoever pays first completes it, and the other's card form then answers `payment_canceled`.
 */
export function createPaymentIntent(body: CreateIntentRequest): Promise<CreatedIntent> {
  return apiFetch<CreatedIntent>("/api/payments/create-intent", { method: "POST", json: body });
}

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}
