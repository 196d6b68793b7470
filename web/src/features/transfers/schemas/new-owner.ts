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

export const newOwnerDefaults: NewOwnerValues = { phonePrefix: "", phoneNumber: "", toEmail: "", confirmed: false };

/** The request: the prefix goes before a number without "+" once its leading zeros are removed. */
export function toInitiateRequest(vesselId: string, values: NewOwnerValues): InitiateTransferRequest {
  const email = values.toEmail.trim();
  return {
    vesselId,
    toPhoneE164: toPhoneE164(values.phonePrefix, values.phoneNumber),
    ...(email ? { toEmail: email } : {}),
  };
}
