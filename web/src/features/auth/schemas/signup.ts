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
    acceptTerms: z.boolean().refine((v) => v, { error: "validation.acceptTerms" }),
  })
  .superRefine((v, ctx) => {
    const issue = v.phoneNumber === "" ? null : phoneNumberIssue(v.phonePrefix, v.phoneNumber);
    if (issue) ctx.addIssue({ code: "custom", path: ["phoneNumber"], message: issue });
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: "validation.passwordsDontMatch",
    path: ["confirmPassword"],
  });

export type SignupFormValues = z.infer<typeof signupSchema>;
