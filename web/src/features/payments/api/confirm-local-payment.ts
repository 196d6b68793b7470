import { useMutation } from "@tanstack/react-query";
import type { LocalConfirmRequest, LocalConfirmResponse } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/**
 * POST /api/payments/local/confirm (the offline processor) -> `succeeded`, or `requires_action`
 * with the authentication page to send the browser to. 402 with the provider's message when the
 * card is declined or its details are invalid.
 */
export function confirmLocalPayment(body: LocalConfirmRequest): Promise<LocalConfirmResponse> {
  return apiFetch<LocalConfirmResponse>("/api/payments/local/confirm", { method: "POST", json: body });
}

export function useConfirmLocalPayment() {
  return useMutation({ mutationFn: confirmLocalPayment });
}
