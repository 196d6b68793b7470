import { z } from "@/lib/zod";
import type { EntryKind, EntryRequest, RecordEntry } from "@/api/types";

// The value & maintenance record's entry form. The server checks the same again. Messages are
// i18n keys (see `validation.*` in en.json / nl.json).

/** The kinds in the order the select lists them. */
export const ENTRY_KINDS = [
  "service",
  "repair",
  "survey",
  "valuation",
  "upgrade",
  "other",
] as const satisfies readonly EntryKind[];

export const MAX_DESCRIPTION_LENGTH = 2000;
/** €1,000,000,000.00, the server's ceiling. */
export const MAX_AMOUNT_CENTS = 100_000_000_000;

export function isEntryKind(value: string): value is EntryKind {
  return (ENTRY_KINDS as readonly string[]).includes(value);
}

/** Today in the reader's time zone, `YYYY-MM-DD`. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function isRealDate(iso: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso);
}

/**
 * An amount in euros as typed ("450", "1250.5", "1250,50", "€ 89") in cents; null when empty;
 * "invalid" when it is not an amount with at most two decimals. No thousands separators: "1.250"
 * would be ambiguous between languages.
 */
export function parseEuroAmount(text: string): number | null | "invalid" {
  const value = text.replace(/^\s*€\s*/, "").trim();
  if (value === "") return null;
  const match = /^(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(value);
  if (!match) return "invalid";
  const [, whole = "0", fraction = ""] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Cents as the amount field shows them for editing: 125050 -> "1250.50". */
export function centsToInput(cents: number | null | undefined): string {
  if (cents == null) return "";
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0")}`;
}

export const recordEntrySchema = z
  .object({
    date: z.string(),
    kind: z.string(),
    description: z.string(),
    amount: z.string(),
    documentId: z.string(),
  })
  // One refinement for every field, so that all the problems show at once.
  .superRefine((v, ctx) => {
    const issue = (path: "date" | "kind" | "description" | "amount", message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (!v.date) issue("date", "validation.dateRequired");
    else if (!isRealDate(v.date)) issue("date", "validation.dateInvalid");
    else if (v.date > todayIso()) issue("date", "validation.dateFuture");
    else if (v.date < "1900-01-01") issue("date", "validation.dateTooEarly");
    if (!isEntryKind(v.kind)) issue("kind", "validation.selectEntryKind");
    const description = v.description.trim();
    if (!description) issue("description", "validation.descriptionRequired");
    // Characters as the server counts them: code points, not UTF-16 units.
    else if (Array.from(description).length > MAX_DESCRIPTION_LENGTH) issue("description", "validation.descriptionMax");
    const amount = parseEuroAmount(v.amount);
    if (amount === "invalid") issue("amount", "validation.amountInvalid");
    else if (amount !== null && amount > MAX_AMOUNT_CENTS) issue("amount", "validation.amountTooLarge");
  });

export type RecordEntryValues = z.infer<typeof recordEntrySchema>;

export function recordEntryDefaults(entry?: RecordEntry): RecordEntryValues {
  if (!entry) return { date: todayIso(), kind: "", description: "", amount: "", documentId: "" };
  return {
    date: entry.date,
    kind: entry.kind,
    description: entry.description,
    amount: centsToInput(entry.amountCents),
    documentId: entry.documentId ?? "",
  };
}

/**
 * The request: the description trimmed, the amount in cents, no amount or document as null. The
 * form always sends every field, so in a change (PATCH) a null removes an amount or a link.
 */
export function toEntryRequest(values: RecordEntryValues): EntryRequest {
  const amount = parseEuroAmount(values.amount);
  return {
    date: values.date,
    kind: isEntryKind(values.kind) ? values.kind : null,
    description: values.description.trim(),
    amountCents: typeof amount === "number" ? amount : null,
    documentId: values.documentId || null,
  };
}

/** Server field names and the form field each belongs to. */
export const SERVER_FIELDS: Partial<Record<string, keyof RecordEntryValues>> = {
  date: "date",
  kind: "kind",
  description: "description",
  amountCents: "amount",
  documentId: "documentId",
};
