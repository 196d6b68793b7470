import { z } from "@/lib/zod";
import { newPasswordSchema } from "@/features/auth/schemas/password";
import { phoneNumberIssue } from "@/lib/phone";

export const signupSchema = z
  .object({
    email: z
      .string()
      .trim()
      .pipe(z.email({ error: "validation.invalidEmail" })),
    password: newPasswordSchema,
    confirmPassword: z.string(),
    // Optional: a country code and the number as people write it ("0151 23456789"), or a "+" number.
    phonePrefix: z.string(),
    phoneNumber: z.string().trim(),
    // The name certificates will print: optional for a person (typed now, verified later), a
    // company's name and registration number for a company.
    ownerKind: z.enum(["person", "company"]),
    name: z.string().trim().max(200, "ownerName.nameTooLong"),
    companyNumber: z.string().trim().max(40, "ownerName.companyNumberTooLong"),
    acceptTerms: z.boolean().refine((v) => v, { error: "validation.acceptTerms" }),
  })
  .superRefine((v, ctx) => {
    const issue = v.phoneNumber === "" ? null : phoneNumberIssue(v.phonePrefix, v.phoneNumber);
    if (issue) ctx.addIssue({ code: "custom", path: ["phoneNumber"], message: issue });
    if (v.name !== "" && v.name.length < 2) ctx.addIssue({ code: "custom", path: ["name"], message: "ownerName.nameRequired" });
    if (v.ownerKind === "company") {
      if (v.name === "") ctx.addIssue({ code: "custom", path: ["name"], message: "ownerName.nameRequired" });
      if (v.companyNumber.length < 2) {
        ctx.addIssue({ code: "custom", path: ["companyNumber"], message: "ownerName.companyNumberRequired" });
      }
    }
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: "validation.passwordsDontMatch",
    path: ["confirmPassword"],
  });

export type SignupFormValues = z.infer<typeof signupSchema>;
