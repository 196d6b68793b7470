import { z } from "@/lib/zod";
import { phoneNumberIssue } from "@/lib/phone";

// Messages are i18n keys (see `validation.*` in en.json / nl.json).

/** The profile's mobile number: a dialling code and the number as people write it. */
export const phoneSchema = z.object({ phonePrefix: z.string(), phoneNumber: z.string() }).superRefine((v, ctx) => {
  const issue = phoneNumberIssue(v.phonePrefix, v.phoneNumber);
  if (issue) {
    const path = issue === "validation.selectCountryCode" ? "phonePrefix" : "phoneNumber";
    ctx.addIssue({ code: "custom", path: [path], message: issue });
  }
});

export type PhoneValues = z.infer<typeof phoneSchema>;
