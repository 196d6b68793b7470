import type { Payment, Transfer } from "@/api/types";

// Transfer fixtures shaped like the API's answers (src/api/types.ts).

export const TRANSFER_ID = "01JD3T8N4M2Q6R5S7V9W0X1Y2Z";

export function makeTransfer(overrides: Partial<Transfer> = {}): Transfer {
  return {
    id: TRANSFER_ID,
    vessel: { id: "v-1", platformId: "7KQ2-M9XD-4HTB", name: "Sea Breeze", make: "Bavaria", model: "Cruiser 34" },
    toPhoneMasked: "+31 6•••••678",
    status: "pending_verification",
    outgoing: true,
    awaitingClaim: false,
    createdAt: "2026-11-23T10:00:00Z",
    verifiedAt: null,
    completedAt: null,
    canceledAt: null,
    claimedAt: null,
    expiresAt: "2026-11-24T10:00:00Z",
    ...overrides,
  };
}

export const TRANSFER_INTENT = { clientSecret: "pi_7_secret_8", paymentId: "pay-7", amountCents: 995, currency: "eur" };

export function makeTransferPayment(status: Payment["status"], overrides: Partial<Payment> = {}): Payment {
  return {
    id: "pay-7",
    purpose: "transfer",
    status,
    amountCents: 995,
    currency: "eur",
    vesselId: "v-1",
    vesselPlatformId: "7KQ2-M9XD-4HTB",
    transferId: TRANSFER_ID,
    cardBrand: "visa",
    cardLast4: "4242",
    failureMessage: null,
    createdAt: "2026-11-23T10:02:00.000Z",
    succeededAt: status === "succeeded" ? "2026-11-23T10:03:00.000Z" : null,
    ...overrides,
  };
}
