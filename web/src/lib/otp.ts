import { z } from "@/lib/zod";

/** One-time codes sent by SMS have six digits (spec section 9). */
export const OTP_LENGTH = 6;

/** A complete code: exactly six digits. */
export function isCompleteCode(value: string): boolean {
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(value);
}

/** The code boxes' value in a form; the message is an i18n key. */
export const otpSchema = z.string().refine(isCompleteCode, { error: "validation.codeIncomplete" });

/** How long after a code was sent the server lets us ask for another (seconds). */
export const RESEND_AFTER_SECONDS = 60;
