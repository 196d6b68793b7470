import type {
  AdminDocument,
  AdminPayment,
  AdminStats,
  AdminTransfer,
  AdminUser,
  AuditEntry,
  Vessel,
  VesselPage,
} from "@/api/types";
import { makeDocument } from "@/test/documents";

// Admin console fixtures shaped like the API's answers (src/api/types.ts).

export const ADMIN_STATS: AdminStats = {
  totalVessels: 1234,
  activeTransfers: 3,
  revenue30dCents: 123456,
  currency: "EUR",
  activeUsers: 57,
};

/** A page of an admin list: {data, total, totalPages} for `data`. */
export function pageOf<T>(data: T[], total = data.length, pageSize = 20) {
  return { data, total, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
}

/** A page of the admin vessel list (a VesselPage): always counted exactly. */
export function vesselPageOf(data: Vessel[], total = data.length, pageSize = 20): VesselPage {
  return { ...pageOf(data, total, pageSize), totalRelation: "eq" };
}

export function makeAdminPayment(overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    id: "pay-1",
    purpose: "registration",
    amountCents: 2495,
    currency: "EUR",
    status: "succeeded",
    provider: "local",
    providerReference: "pi_local_123",
    vesselPlatformId: "7KQ2-M9XD-4HTB",
    createdAt: "2026-11-22T10:00:00Z",
    succeededAt: "2026-11-22T10:01:00Z",
    refund: null,
    refundable: true,
    ...overrides,
  };
}

/** An owner's document (`makeDocument`) as the review queue lists it, with its vessel. */
export function makeAdminDocument(overrides: Partial<AdminDocument> = {}): AdminDocument {
  return {
    ...makeDocument({ id: "doc-1" }),
    vesselPlatformId: "7KQ2-M9XD-4HTB",
    vesselName: "Sea Breeze",
    uploadedByEmail: "owner@registry.test",
    ...overrides,
  };
}

export function makeAdminTransfer(overrides: Partial<AdminTransfer> = {}): AdminTransfer {
  return {
    id: "tr-1",
    vesselPlatformId: "7KQ2-M9XD-4HTB",
    vesselName: "Sea Breeze",
    status: "pending_verification",
    released: false,
    recipientPhoneMasked: "+31 6•••••678",
    feePaid: false,
    createdAt: "2026-11-23T10:00:00Z",
    expiresAt: "2026-11-24T10:00:00Z",
    completedAt: null,
    canceledAt: null,
    open: true,
    ...overrides,
  };
}

export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: "u-owner",
    email: "owner@registry.test",
    name: "Olivia Owner",
    role: "user",
    status: "active",
    emailVerifiedAt: "2025-01-01T00:00:00Z",
    phoneVerifiedAt: null,
    identityVerificationStatus: "not_started",
    createdAt: "2025-01-01T00:00:00Z",
    lastSignedInAt: "2026-11-20T08:00:00Z",
    vessels: [{ platformId: "7KQ2-M9XD-4HTB", name: "Sea Breeze", status: "active" }],
    ...overrides,
  };
}

export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: "audit-1",
    at: "2026-11-23T10:05:00Z",
    actorUserId: "u-admin",
    actorEmail: "admin@registry.test",
    action: "document_reviewed",
    vesselPlatformId: "7KQ2-M9XD-4HTB",
    subject: "document:doc-1",
    outcome: "success",
    requestId: "req-42",
    detail: { decision: "rejected", reason: "Unreadable scan" },
    ...overrides,
  };
}
