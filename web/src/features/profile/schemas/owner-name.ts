import { z } from "@/lib/zod";

// Messages are i18n keys. The server checks the same (and reports its own words for anything else).

/** The owner's name as certificates print it: a person's legal name, or a company's name and number. */
export const ownerNameSchema = z
  .object({
    ownerKind: z.enum(["person", "company"]),
    name: z.string().trim().min(2, "ownerName.nameRequired").max(200, "ownerName.nameTooLong"),
    companyNumber: z.string().trim().max(40, "ownerName.companyNumberTooLong"),
  })
  .superRefine((v, ctx) => {
    if (v.ownerKind === "company" && v.companyNumber.length < 2) {
      ctx.addIssue({ code: "custom", path: ["companyNumber"], message: "ownerName.companyNumberRequired" });
    }
  });

export type OwnerNameValues = z.infer<typeof ownerNameSchema>;
