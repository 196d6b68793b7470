import type { TFunction } from "i18next";
import type { IdentityFailure, User } from "@/api/types";

/** Each failure code the server reports (GET /api/auth/session `identityFailureCode`) in the reader's language. */
const FAILURE_KEYS: Record<IdentityFailure, string> = {
  document_expired: "identity.failure.document_expired",
  selfie_mismatch: "identity.failure.selfie_mismatch",
  document_unreadable: "identity.failure.document_unreadable",
  document_type_unsupported: "identity.failure.document_type_unsupported",
  canceled: "identity.failure.canceled",
  other: "identity.failure.other",
};

/**
 * Why the user's last identity check failed: a known code's own text, else (a code this app does not
 * know yet) the server's English reason, else a generic text. Null when the last check did not fail.
 */
export function identityFailureMessage(
  user: Pick<User, "identityVerificationStatus" | "identityFailureCode" | "identityFailureReason">,
  t: TFunction,
): string | null {
  const code = user.identityFailureCode;
  if (user.identityVerificationStatus !== "not_started" || !code) return null;
  const key = (FAILURE_KEYS as Partial<Record<string, string>>)[code];
  if (key) return t(key);
  return user.identityFailureReason || t("identity.failure.other");
}
