import { z } from "@/lib/zod";

// Messages are i18n keys. Only present: the server says whether it is right.
export const reauthenticateSchema = z.object({
  password: z.string().min(1, { error: "validation.passwordRequired" }),
});

export type ReauthenticateFormValues = z.infer<typeof reauthenticateSchema>;
