import { z } from "@/lib/zod";

/** The offline processor's card form. Messages are i18n keys; the server checks again. */
export const cardSchema = z.object({
  cardNumber: z
    .string()
    .trim()
    .min(1, "payment.card.numberRequired")
    .refine((v) => /^[\d\s-]{12,23}$/.test(v) && digits(v).length >= 12 && digits(v).length <= 19, "payment.card.numberInvalid"),
  expiry: z
    .string()
    .trim()
    .min(1, "payment.card.expiryRequired")
    .refine((v) => parseExpiry(v) != null, "payment.card.expiryInvalid"),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3}$/, "payment.card.cvcInvalid"),
});

export type CardValues = z.infer<typeof cardSchema>;

export const cardDefaults: CardValues = { cardNumber: "", expiry: "", cvc: "" };

export function digits(value: string): string {
  return value.replace(/\D/g, "");
}

/**
 * The expiry as it is typed, with the slash put in ("1229" -> "12/29"): digits only, at most a
 * four-digit year, and a month that can only be one digit ("4") written with its zero ("04").
 * A slash the reader deletes stays deleted until a third digit comes.
 */
export function formatExpiry(typed: string): string {
  let d = digits(typed).slice(0, 6);
  if (/^[2-9]/.test(d)) d = `0${d}`.slice(0, 6);
  return d.length <= 2 ? d : `${d.slice(0, 2)}/${d.slice(2)}`;
}

/** "MM / YY", "MM/YY" or "MM/YYYY" -> month and four-digit year. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return { month, year };
}
