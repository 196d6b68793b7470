import { z } from "@/lib/zod";

// Messages are i18n keys. The server takes up to 60 characters and names an unnamed one "Passkey".
export const passkeyNameSchema = z.object({
  name: z.string().trim().max(60, { error: "validation.passkeyNameMax" }),
});

export type PasskeyNameValues = z.infer<typeof passkeyNameSchema>;
