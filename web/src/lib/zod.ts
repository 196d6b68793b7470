import { z } from "zod";

// zod compiles object schemas with `new Function` when it may; to learn whether it may, it tries,
// and under the server's Content-Security-Policy (no 'unsafe-eval') that try is reported as a
// policy violation in the console of every page with a form. Without it zod validates the same.
z.config({ jitless: true });

export * from "zod";

/** An email address as a person types it: trimmed, then checked ("Invalid email address" otherwise). */
export function emailAddress() {
  return z
    .string()
    .trim()
    .pipe(z.email({ error: "validation.invalidEmail" }));
}
