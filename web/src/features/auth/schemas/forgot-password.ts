import { z } from "@/lib/zod";

export const forgotPasswordSchema = z.object({
  email: z
    .string()
    .trim()
    .pipe(z.email({ error: "validation.invalidEmail" })),
});

export type ForgotPasswordFormValues = z.infer<typeof forgotPasswordSchema>;
