import { emailAddress, z } from "@/lib/zod";

// The users tab's lookup: one email address ("Invalid email address" otherwise).
export const userLookupSchema = z.object({
  email: emailAddress(),
});

export type UserLookupValues = z.infer<typeof userLookupSchema>;
