import { z } from "@/lib/zod";

// The users tab's lookup: one email address ("Invalid email address" otherwise).
export const userLookupSchema = z.object({
  email: z
    .string()
    .trim()
    .pipe(z.email({ error: "validation.invalidEmail" })),
});

export type UserLookupValues = z.infer<typeof userLookupSchema>;
