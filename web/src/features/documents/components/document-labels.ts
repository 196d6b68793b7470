import type { TFunction } from "i18next";
import type { Document, DocumentType, ReviewStatus } from "@/api/types";

const TYPE_KEYS: Record<DocumentType, string> = {
  proof_of_purchase: "documents.types.proof_of_purchase",
  registration_document: "documents.types.registration_document",
  invoice: "documents.types.invoice",
  other_proof: "documents.types.other_proof",
  custom: "documents.types.custom",
};

/** The type's label (spec section 3): "Proof of Purchase / Bill of Sale" and so on. */
export function documentTypeLabel(t: TFunction, type: DocumentType): string {
  return t(TYPE_KEYS[type]);
}

/** What a document is: its type's label, or for a custom document the owner's own name for it. */
export function documentLabel(t: TFunction, doc: Pick<Document, "documentType" | "customType">): string {
  if (doc.documentType === "custom" && doc.customType) return doc.customType;
  return documentTypeLabel(t, doc.documentType);
}

export const REVIEW_STATUS_KEYS: Record<ReviewStatus, string> = {
  pending: "documents.status.pending",
  verified: "documents.status.verified",
  rejected: "documents.status.rejected",
};
