import { emailAddress, z } from "@/lib/zod";

// The reason an administrator gives for an action (AdminReason): 1 to 500 characters once trimmed,
// recorded in the audit log. Messages are i18n keys (see `validation.*` in en.json / nl.json).

export const REASON_MAX = 500;

export const reasonSchema = z.object({
  reason: z.string().trim().min(1, { error: "validation.reasonRequired" }).max(REASON_MAX, { error: "validation.reasonMax" }),
});

export type ReasonValues = z.infer<typeof reasonSchema>;

// The same with the email of the account that receives a vessel (an unclaimed vessel handed over).
export const reasonWithEmailSchema = reasonSchema.extend({
  email: emailAddress(),
});

export type ReasonWithEmailValues = z.infer<typeof reasonWithEmailSchema>;

/** The reason dialog's form: with the email checked when the dialog asks for one, else left empty. */
export function reasonFormSchema(withEmail: boolean) {
  return withEmail ? reasonWithEmailSchema : reasonSchema.extend({ email: z.string() });
}
