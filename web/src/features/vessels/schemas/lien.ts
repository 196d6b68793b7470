import type { RegisterLienRequest } from "@/api/types";
import { collapse } from "@/features/vessels/schemas/particulars";
import { z } from "@/lib/zod";

// 'Register a lien' and an administrator's release, checked as the server checks them
// (server/src/features/liens/service.rs). Messages are i18n keys (`validation.*`).

/** The currencies the server takes: those of the EEA, Switzerland and the United Kingdom; the euro first. */
export const LIEN_CURRENCIES = ["EUR", "GBP", "CHF", "SEK", "DKK", "NOK", "PLN", "CZK", "HUF", "RON", "BGN", "ISK"] as const;

export type LienCurrency = (typeof LIEN_CURRENCIES)[number];

export const LENDER_NAME_MIN = 2;
export const LENDER_NAME_MAX = 120;
export const LIEN_REFERENCE_MAX = 60;
/** One billion in the currency, in its minor unit. */
export const MAX_AMOUNT_CENTS = 100_000_000_000;
export const RELEASE_REASON_MIN = 10;
export const RELEASE_REASON_MAX = 1000;

/**
 * An amount as a person types it, in cents: "45000.50", "45000,50", "45.000,00", "45,000.00",
 * "45 000" and "45'000" all read as they are meant. A lone separator followed by exactly three
 * digits groups thousands ("45.000" is 45,000): no currency here has three decimals, so it cannot
 * be a decimal point. Null when empty, NaN when it is not such an amount.
 */
export function parseAmountCents(text: string): number | null {
  const value = text.replace(/[\s\u00a0\u202f']/g, "");
  if (value === "") return null;
  if (!/^\d[\d.,]*$/.test(value)) return Number.NaN;
  let whole = value;
  let fraction = "";
  const last = Math.max(value.lastIndexOf("."), value.lastIndexOf(","));
  if (last >= 0) {
    const separator = value.charAt(last);
    const other = separator === "." ? "," : ".";
    const after = value.slice(last + 1);
    const once = value.indexOf(separator) === last;
    if (once && (after.length !== 3 || value.includes(other))) {
      whole = value.slice(0, last);
      fraction = after;
      if (!/^\d{1,2}$/.test(fraction)) return Number.NaN;
    }
  }
  // What is left groups thousands with one separator, or none.
  if (!/^\d+$/.test(whole) && !/^[1-9]\d{0,2}(?:\.\d{3})+$/.test(whole) && !/^[1-9]\d{0,2}(?:,\d{3})+$/.test(whole)) {
    return Number.NaN;
  }
  return Number(whole.replace(/[.,]/g, "")) * 100 + Number(fraction.padEnd(2, "0"));
}

const length = (text: string) => Array.from(collapse(text)).length;

export const lienSchema = z
  .object({
    lenderName: z.string(),
    reference: z.string(),
    amount: z.string(),
    currency: z.enum(LIEN_CURRENCIES, { error: "validation.lienCurrency" }),
  })
  .superRefine((v, ctx) => {
    const name = length(v.lenderName);
    if (name < LENDER_NAME_MIN) {
      ctx.addIssue({ code: "custom", path: ["lenderName"], message: "validation.lienLenderNameRequired" });
    }
    if (name > LENDER_NAME_MAX) ctx.addIssue({ code: "custom", path: ["lenderName"], message: "validation.lienTextMax" });
    const reference = length(v.reference);
    if (reference === 0) ctx.addIssue({ code: "custom", path: ["reference"], message: "validation.lienReferenceRequired" });
    if (reference > LIEN_REFERENCE_MAX) {
      ctx.addIssue({ code: "custom", path: ["reference"], message: "validation.lienTextMax" });
    }
    const cents = parseAmountCents(v.amount);
    if (cents === null) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "validation.lienAmountRequired" });
    } else if (Number.isNaN(cents)) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "validation.lienAmountInvalid" });
    } else if (cents < 1 || cents > MAX_AMOUNT_CENTS) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "validation.lienAmountRange" });
    }
  });

export type LienValues = z.input<typeof lienSchema>;

export const lienDefaults: LienValues = { lenderName: "", reference: "", amount: "", currency: "EUR" };

/** The form's values as the server takes them; only called once the schema passed. */
export function toRegisterLienRequest(v: LienValues): RegisterLienRequest {
  return {
    lenderName: collapse(v.lenderName),
    reference: collapse(v.reference),
    amountCents: parseAmountCents(v.amount) ?? 0,
    currency: v.currency,
  };
}

/** An administrator's reason for releasing a lien, which both parties read. */
export const releaseReasonSchema = z.object({
  reason: z.string().superRefine((reason, ctx) => {
    const n = length(reason);
    if (n < RELEASE_REASON_MIN) ctx.addIssue({ code: "custom", message: "validation.lienReleaseReasonMin" });
    if (n > RELEASE_REASON_MAX) ctx.addIssue({ code: "custom", message: "validation.lienReleaseReasonMax" });
  }),
});

export type ReleaseReasonValues = z.infer<typeof releaseReasonSchema>;
