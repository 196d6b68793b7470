import { emailAddress, z } from "@/lib/zod";

export const forgotPasswordSchema = z.object({
  email: emailAddress(),
});

export type ForgotPasswordFormValues = z.infer<typeof forgotPasswordSchema>;
