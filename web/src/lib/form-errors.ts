import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { fieldErrors } from "@/lib/api-client";

/**
 * Puts the server's 422 `fields` messages on the matching form fields.
 * Server messages are shown as sent (type "server"), not looked up as i18n keys.
 * Returns true when at least one field received an error.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  known: readonly Path<T>[],
): boolean {
  let applied = false;
  for (const [field, messages] of Object.entries(fieldErrors(err))) {
    const name = known.find((k) => k === field);
    if (name && messages.length > 0) {
      setError(name, { type: "server", message: messages.join(" ") }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
