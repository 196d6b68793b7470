import { z } from "@/lib/zod";

// The audit tab's filters. Every field is optional; an actor, when given, is an email address,
// and `to` cannot come before `from` (both `YYYY-MM-DD`, as a date input gives them).

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const optionalDate = z
  .string()
  .trim()
  .refine((v) => v === "" || DATE.test(v), { error: "validation.dateInvalid" });

export const auditFiltersSchema = z
  .object({
    actor: z
      .string()
      .trim()
      .refine((v) => v === "" || z.email().safeParse(v).success, { error: "validation.invalidEmail" }),
    vessel: z.string().trim(),
    type: z.string(),
    from: optionalDate,
    to: optionalDate,
  })
  .refine((v) => v.from === "" || v.to === "" || v.from <= v.to, { error: "validation.dateRangeOrder", path: ["to"] });

export type AuditFilterValues = z.infer<typeof auditFiltersSchema>;
