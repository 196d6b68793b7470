import { z } from "@/lib/zod";

// Messages are i18n keys; the server checks the same and answers in its own words otherwise.
export const contactOwnerSchema = z.object({
  message: z.string().trim().min(10, "contactOwner.messageLength").max(2000, "contactOwner.messageLength"),
  replyTo: z
    .string()
    .trim()
    .refine((v) => z.email().safeParse(v).success, { error: "validation.invalidEmail" }),
});

export type ContactOwnerValues = z.infer<typeof contactOwnerSchema>;
