import { z } from "@/lib/zod";
import { newPasswordSchema } from "@/features/auth/schemas/password";

export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;

export const signupSchema = z
  .object({
    email: z
      .string()
      .trim()
      .pipe(z.email({ error: "validation.invalidEmail" })),
    password: newPasswordSchema,
    confirmPassword: z.string(),
    phoneE164: z
      .string()
      .trim()
      .refine((v) => v === "" || E164_PATTERN.test(v), { error: "validation.invalidPhone" }),
    acceptTerms: z.boolean().refine((v) => v, { error: "validation.acceptTerms" }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: "validation.passwordsDontMatch",
    path: ["confirmPassword"],
  });

export type SignupFormValues = z.infer<typeof signupSchema>;
