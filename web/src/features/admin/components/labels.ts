import type { BadgeProps } from "@/components/ui/badge";
import type {
  CorrectionRequestStatus,
  PaymentRefund,
  PaymentStatus,
  Purpose,
  ReviewStatus,
  TransferStatus,
  VesselStatus,
} from "@/api/types";
import { SUPPORTED_COUNTRY_CODES } from "@/lib/countries";

// The admin console's words for the API's states (i18n keys under `admin.*`), in the order the
// filters list them, and the badge each state wears.

type Variant = BadgeProps["variant"];

export const VESSEL_STATUSES: readonly VesselStatus[] = [
  "active",
  "in_transfer",
  "pending_payment",
  "needs_review",
  "deactivated",
];

export const VESSEL_STATUS_BADGES: Record<VesselStatus, Variant> = {
  active: "success",
  in_transfer: "secondary",
  pending_payment: "warning",
  needs_review: "warning",
  deactivated: "destructive",
};

/** The vessels tab's country filter: every supported country. */
export const ADMIN_COUNTRY_CODES = SUPPORTED_COUNTRY_CODES;

export const TRANSFER_STATUSES: readonly TransferStatus[] = [
  "pending_verification",
  "verified",
  "completed",
  "canceled",
  "expired",
];

export const TRANSFER_STATUS_BADGES: Record<TransferStatus, Variant> = {
  pending_verification: "warning",
  verified: "secondary",
  completed: "success",
  canceled: "outline",
  expired: "outline",
};

export const PAYMENT_STATUSES: readonly PaymentStatus[] = [
  "succeeded",
  "processing",
  "requires_payment",
  "requires_action",
  "failed",
  "canceled",
];

export const PAYMENT_STATUS_BADGES: Record<PaymentStatus, Variant> = {
  succeeded: "success",
  processing: "secondary",
  requires_payment: "outline",
  requires_action: "warning",
  failed: "destructive",
  canceled: "outline",
};

export const PURPOSES: readonly Purpose[] = ["registration", "transfer"];

const REFUND_BADGES: Record<string, Variant> = {
  pending: "warning",
  succeeded: "secondary",
  failed: "destructive",
};

/** A refund's badge: `pending`, `succeeded` or `failed` (the API sends a plain string). */
export function refundBadge(status: PaymentRefund["status"]): Variant {
  return REFUND_BADGES[status] ?? "outline";
}

export const REVIEW_STATUSES: readonly ReviewStatus[] = ["pending", "verified", "rejected"];

export const REVIEW_STATUS_BADGES: Record<ReviewStatus, Variant> = {
  pending: "warning",
  verified: "success",
  rejected: "destructive",
};

export const CORRECTION_STATUSES: readonly CorrectionRequestStatus[] = ["pending", "approved", "rejected"];

export const CORRECTION_STATUS_BADGES: Record<CorrectionRequestStatus, Variant> = {
  pending: "warning",
  approved: "success",
  rejected: "destructive",
};
