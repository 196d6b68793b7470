import { z } from "@/lib/zod";
import type { InitiateTransferRequest } from "@/api/types";
import { phoneNumberIssue, toPhoneE164 } from "@/lib/phone";

// Spec section 5 (Transfer). Messages are i18n keys (see `validation.*` in en.json / nl.json).

export const newOwnerSchema = z
  .object({
    phonePrefix: z.string(),
    phoneNumber: z.string(),
    toEmail: z
      .string()
      .trim()
      .refine((v) => v === "" || z.email().safeParse(v).success, { error: "validation.invalidEmail" }),
    salePrice: z
      .string()
      .trim()
      .refine((v) => v === "" || euroCents(v) !== null, { error: "transferWizard.salePriceInvalid" }),
    confirmed: z.boolean().refine((v) => v, { error: "validation.confirmTransfer" }),
  })
  .superRefine((v, ctx) => {
    const issue = phoneNumberIssue(v.phonePrefix, v.phoneNumber);
    if (issue) {
      const path = issue === "validation.selectCountryCode" ? "phonePrefix" : "phoneNumber";
      ctx.addIssue({ code: "custom", path: [path], message: issue });
    }
  });

export type NewOwnerValues = z.infer<typeof newOwnerSchema>;

export const newOwnerDefaults: NewOwnerValues = {
  phonePrefix: "",
  phoneNumber: "",
  toEmail: "",
  salePrice: "",
  confirmed: false,
};

/**
 * An amount in euros as people type it ('42500', '42.500,50', '42,500.50', '€ 42 500') in cents,
 * or null. The last separator followed by one or two digits is the decimal one.
 */
export function euroCents(typed: string): number | null {
  const text = typed.replace(/[€\s\u00a0\u202f]/g, "");
  const match = /^(\d{1,3}(?:[.,']?\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number((match.at(1) ?? "").replace(/[.,']/g, ""));
  const cents = Number((match.at(2) ?? "0").padEnd(2, "0"));
  const total = whole * 100 + cents;
  return Number.isSafeInteger(total) && total <= 100_000_000_000 ? total : null;
}

/** The request: the prefix goes before a number without "+" once its leading zeros are removed. */
export function toInitiateRequest(vesselId: string, values: NewOwnerValues): InitiateTransferRequest {
  const email = values.toEmail.trim();
  const salePriceCents = values.salePrice.trim() ? euroCents(values.salePrice) : null;
  return {
    vesselId,
    toPhoneE164: toPhoneE164(values.phonePrefix, values.phoneNumber),
    ...(email ? { toEmail: email } : {}),
    ...(salePriceCents != null ? { salePriceCents } : {}),
  };
}
