import { emailAddress, z } from "@/lib/zod";

// Messages are i18n keys; the form field shows their translation
// ("Invalid email address", "Password must be at least 6 characters").
// Sign-in keeps the spec's minimum of 6 so older accounts are not refused by the client.
export const loginSchema = z.object({
  email: emailAddress(),
  password: z.string().min(6, { error: "validation.passwordMin6" }),
  rememberMe: z.boolean(),
});

export type LoginFormValues = z.infer<typeof loginSchema>;
