import type { TFunction } from "i18next";
import type { AuditEntry } from "@/api/types";
import { particularLabel } from "@/lib/particulars";

// The audit log in the reader's language: each action the server records (server/src/admin/
// audit_log.rs, TYPES; a test holds the catalogues to that list) under `admin.audit.events`, and
// each entry's detail, which the server writes as ids, codes and a few fixed English reasons, as
// sentences under `admin.audit.details`.

/** An action in words ("Document reviewed"); one this app does not know yet, as the server wrote it. */
export function auditActionLabel(action: string, t: TFunction): string {
  return t(`admin.audit.events.${action}`, { defaultValue: action });
}

/** What an entry is about (`payment:01J…`) in words ("Payment 01J…"). */
export function auditSubjectLabel(subject: string, t: TFunction): string {
  const at = subject.indexOf(":");
  if (at < 0) return subject;
  const kind = subject.slice(0, at);
  const id = subject.slice(at + 1);
  return t(`admin.audit.subjects.${kind}`, { id, defaultValue: subject });
}

/** The reasons the server itself writes, in English, and the key of each one's words. */
const FIXED_REASONS: Partial<Record<string, string>> = {
  invalid_credentials: "invalidCredentials",
  "owner archived the account": "ownerArchived",
  "transfer canceled": "transferCanceled",
  "transfer expired": "transferExpired",
  "the vessel was no longer awaiting its registration fee": "noLongerAwaitingFee",
  "the transfer was no longer open": "transferNoLongerOpen",
};

/** Detail keys that carry an id, and the words for each. */
const IDS: Partial<Record<string, string>> = {
  paymentId: "paymentId",
  transferId: "transferId",
  refundId: "refundId",
  document: "document",
  entry: "entry",
  to: "to",
  payerUserId: "payer",
  lienId: "lien",
};

type Flag = { from?: unknown; to?: unknown };

function isFlag(value: unknown): value is Flag {
  return typeof value === "object" && value !== null && "to" in value;
}

/**
 * An entry's detail as sentences in the reader's language, what happened first and the ids it
 * names after: a rejected document's "Decision: Rejected." and "Reason: Unreadable scan.", a
 * refused sign-in's "Wrong email or password.". A key this app does not know yet stays as
 * `key: value`, so nothing the server recorded is hidden.
 */
export function auditDetailSentences(entry: Pick<AuditEntry, "action" | "detail">, t: TFunction): string[] {
  const detail: Record<string, unknown> = entry.detail;
  const say = (key: string, values?: Record<string, unknown>) => t(`admin.audit.details.${key}`, values ?? {});
  const text = (value: unknown) => (typeof value === "string" ? value : value == null ? "" : JSON.stringify(value));
  const sentences: string[] = [];
  const ids: string[] = [];
  const unknown: string[] = [];

  for (const [key, value] of Object.entries(detail)) {
    if (value === null || value === undefined || value === false || value === "") continue;
    if (key === "reason") {
      const reason = text(value);
      const fixed = FIXED_REASONS[reason];
      if (entry.action === "identity_failed") {
        sentences.push(t(`identity.failure.${reason}`, { defaultValue: say("reason", { reason }) }));
      } else {
        sentences.push(fixed ? say(`reasons.${fixed}`) : say("reason", { reason }));
      }
    } else if (key === "publicVisibility" && isFlag(value)) {
      if (value.from !== value.to) sentences.push(say(value.to ? "listedOn" : "listedOff"));
    } else if (key === "forSale" && isFlag(value)) {
      if (value.from !== value.to) sentences.push(say(value.to ? "forSaleOn" : "forSaleOff"));
    } else if (key === "refunded" && value === true) {
      sentences.push(say("refunded"));
    } else if (key === "byAdministrator" && value === true) {
      sentences.push(say("byAdministrator"));
    } else if (key === "withoutEffect" && value === true) {
      sentences.push(say("withoutEffect"));
    } else if (key === "decision") {
      sentences.push(say("decision", { decision: t(`admin.reviewStatus.${text(value)}`, { defaultValue: text(value) }) }));
    } else if (key === "role") {
      sentences.push(say("role", { role: t(`admin.role.${text(value)}`, { defaultValue: text(value) }) }));
    } else if (key === "status" && entry.action === "payment_refunded") {
      sentences.push(say("refundStatus", { status: t(`admin.refundStatus.${text(value)}`, { defaultValue: text(value) }) }));
    } else if (key === "status") {
      sentences.push(say("vesselStatus", { status: t(`admin.vesselStatus.${text(value)}`, { defaultValue: text(value) }) }));
    } else if (key === "identifier") {
      sentences.push(say("identifierTaken", { identifier: text(value) }));
    } else if (key === "fields" && Array.isArray(value)) {
      // The particulars an owner corrected: 'Particulars: Home port, Engines.'
      sentences.push(say("fields", { fields: value.map((f) => particularLabel(text(f), t)).join(", ") }));
    } else if (key === "field") {
      sentences.push(say("field", { field: particularLabel(text(value), t) }));
    } else if (key === "note") {
      sentences.push(say("note", { note: text(value) }));
    } else if (key === "documents" && Array.isArray(value)) {
      ids.push(say("documents", { count: value.length, ids: value.map(text).join(", ") }));
    } else if (IDS[key]) {
      ids.push(say(IDS[key], { id: text(value) }));
    } else {
      unknown.push(`${key}: ${text(value)}`);
    }
  }
  return [...sentences, ...ids, ...unknown];
}
