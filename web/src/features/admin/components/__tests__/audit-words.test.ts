import { beforeAll, describe, expect, it } from "vitest";
import { auditActionLabel, auditDetailSentences, auditSubjectLabel } from "@/features/admin/components/audit-words";
import i18n from "@/i18n";
import de from "@/i18n/de.json";
import en from "@/i18n/en.json";
import es from "@/i18n/es.json";
import fr from "@/i18n/fr.json";
import it_ from "@/i18n/it.json";
import nl from "@/i18n/nl.json";

/**
 * Every action the server records: server/src/admin/audit_log.rs's TYPES, and "activated", which
 * vessels/lifecycle.rs writes too. (The web cannot read the Rust file; keep the two in step.)
 */
const AUDIT_ACTIONS = [
  "sign_in",
  "account_registered",
  "email_verified",
  "account_archived",
  "role_changed",
  "registered",
  "registration_paid",
  "activation_blocked",
  "flags_changed",
  "deactivated",
  "reactivated",
  "activated",
  "review_resolved",
  "transfer_started",
  "transfer_code_confirmed",
  "transfer_ended",
  "transfer_canceled",
  "transferred",
  "released_for_claim",
  "claimed",
  "claim_expired",
  "handed_over_by_admin",
  "returned_to_seller",
  "transfer_payment_unmatched",
  "payment_refunded",
  "refunded_without_effect",
  "documents_added",
  "document_deleted",
  "document_reviewed",
  "record_entry_added",
  "record_entry_changed",
  "record_entry_deleted",
  "identity_started",
  "identity_submitted",
  "identity_verified",
  "identity_failed",
  "particulars_corrected",
  "correction_requested",
  "correction_approved",
  "correction_rejected",
  "reported_stolen",
  "theft_confirmed",
  "recovered",
  "theft_report_removed",
  "lien_registered",
  "lien_consented",
  "lien_transfer_consented",
  "lien_released",
];

const t = i18n.getFixedT("en");
const tDe = i18n.getFixedT("de");

beforeAll(async () => {
  // German's words are fetched as a reader switching to it would.
  await i18n.changeLanguage("de");
  await i18n.changeLanguage("en");
});

/** Each entry as the server writes it (server/src, read-only): its action and detail. */
const say = (action: string, detail: Record<string, unknown> = {}) => auditDetailSentences({ action, detail }, t);

describe("the audit log's words", () => {
  it("names every action the server records, in each of the six languages", () => {
    for (const catalogue of [en, de, fr, es, it_, nl]) {
      const events = catalogue.admin.audit.events as Record<string, string>;
      expect(AUDIT_ACTIONS.filter((action) => !events[action])).toEqual([]);
    }
    expect(auditActionLabel("transfer_code_confirmed", t)).toBe("Transfer code confirmed");
    expect(auditActionLabel("transfer_code_confirmed", tDe)).toBe("Übertragungscode bestätigt");
    // One this app does not know yet: as the server wrote it.
    expect(auditActionLabel("something_new", t)).toBe("something_new");
  });

  it("says each detail the server writes as a sentence", () => {
    expect(say("sign_in", { reason: "invalid_credentials" })).toEqual(["Wrong email or password."]);
    expect(say("account_archived", { reason: "Asked by the owner" })).toEqual(["Reason: Asked by the owner"]);
    expect(say("role_changed", { role: "admin" })).toEqual(["New role: Admin"]);
    expect(say("registered", { status: "pending_payment" })).toEqual(["Status: Pending Payment"]);
    expect(say("registration_paid", { paymentId: "pay-1" })).toEqual(["Payment pay-1"]);
    expect(say("activation_blocked", { paymentId: "pay-1", identifier: "NL-BAV2K4L7C920" })).toEqual([
      "The identifier NL-BAV2K4L7C920 is already registered to another vessel.",
      "Payment pay-1",
    ]);
    expect(say("flags_changed", { publicVisibility: { from: true, to: false }, forSale: { from: false, to: true } })).toEqual([
      "Now hidden from the public registry.",
      "Now marked for sale.",
    ]);
    expect(say("flags_changed", { publicVisibility: { from: true, to: true }, forSale: { from: true, to: false } })).toEqual([
      "No longer marked for sale.",
    ]);
    expect(say("deactivated", { reason: "owner archived the account" })).toEqual(["The owner closed their account."]);
    expect(say("deactivated", { reason: "Fraud report", refunded: true })).toEqual([
      "Reason: Fraud report",
      "The registration fee was refunded.",
    ]);
    expect(say("transfer_started", { transferId: "tr-1" })).toEqual(["Transfer tr-1"]);
    expect(say("transfer_ended", { reason: "transfer expired" })).toEqual(["The transfer expired before its fee was paid."]);
    expect(say("transfer_canceled", { reason: null, byAdministrator: false })).toEqual([]);
    expect(say("transfer_canceled", { reason: "Seller reported fraud", byAdministrator: true })).toEqual([
      "Reason: Seller reported fraud",
      "Canceled by an administrator.",
    ]);
    expect(say("handed_over_by_admin", { transferId: "tr-1", to: "u-9", reason: "Buyer found" })).toEqual([
      "Reason: Buyer found",
      "Transfer tr-1",
      "Given to account u-9",
    ]);
    expect(say("payment_refunded", { refundId: "rf-1", reason: "Duplicate", status: "succeeded", withoutEffect: false })).toEqual(
      ["Reason: Duplicate", "Refund: Refunded", "Refund rf-1"],
    );
    expect(say("refunded_without_effect", { reason: "the transfer was no longer open", payerUserId: "u-2" })).toEqual([
      "The transfer was no longer open.",
      "Paid by account u-2",
    ]);
    expect(say("documents_added", { documents: ["d-1", "d-2"] })).toEqual(["2 documents: d-1, d-2"]);
    expect(say("document_reviewed", { document: "d-1", decision: "verified", reason: null })).toEqual([
      "Decision: Verified",
      "Document d-1",
    ]);
    expect(say("record_entry_changed", { entry: "e-1" })).toEqual(["Record entry e-1"]);
    expect(say("identity_failed", { reason: "document_expired" })).toEqual(["The identity document has expired."]);
    expect(say("particulars_corrected", { fields: ["homePort", "engines", "hullMaterial"] })).toEqual([
      "Particulars: Home port, Engines, Hull material",
    ]);
    expect(say("correction_requested", { field: "identifiers.brandmerk" })).toEqual(["Particular: Brandmerk (Kadaster)"]);
    expect(say("correction_approved", { field: "mmsi", note: null })).toEqual(["Particular: MMSI"]);
    expect(say("correction_rejected", { field: "lengthCm", note: "The survey shows 10.99 m." })).toEqual([
      "Particular: Length",
      "Note: The survey shows 10.99 m.",
    ]);
    expect(say("lien_registered", { lienId: "l-1", reason: null })).toEqual(["Lien l-1"]);
    expect(say("lien_released", { lienId: "l-1", reason: "The loan was repaid in full." })).toEqual([
      "Reason: The loan was repaid in full.",
      "Lien l-1",
    ]);
    // A key this app does not know yet stays, as it was written.
    expect(say("registered", { colour: "blue" })).toEqual(["colour: blue"]);
  });

  it("speaks the reader's language, and names what an entry is about", () => {
    expect(auditDetailSentences({ action: "document_reviewed", detail: { decision: "rejected" } }, tDe)).toEqual([
      "Entscheidung: Abgelehnt",
    ]);
    expect(
      auditDetailSentences({ action: "particulars_corrected", detail: { fields: ["homePort", "vesselType"] } }, tDe),
    ).toEqual(["Angaben: Heimathafen, Art"]);
    expect(auditActionLabel("correction_approved", tDe)).toBe("Berichtigung genehmigt");
    expect(auditSubjectLabel("payment:01JPAY", t)).toBe("Payment 01JPAY");
    expect(auditSubjectLabel("identity_session:01JID", tDe)).toBe("Identitätsprüfung 01JID");
  });
});
