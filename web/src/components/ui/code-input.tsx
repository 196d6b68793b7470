import { useRef, type ClipboardEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { OTP_LENGTH } from "@/lib/otp";

export type CodeInputProps = {
  /** The digits typed so far; an empty box is a space ("12 4"), trailing spaces are dropped. */
  value: string;
  onChange: (value: string) => void;
  /** Names the group of boxes for assistive technology ("SMS code"). */
  label: string;
  length?: number;
  /** The first box's id, for a <label htmlFor>. */
  id?: string;
  disabled?: boolean;
  invalid?: boolean;
  autoFocus?: boolean;
  /** Ids of the hint or error describing the code. */
  "aria-describedby"?: string;
  /** Called once the last empty box is filled, with the whole code. */
  onComplete?: (code: string) => void;
};

const DIGIT = /^\d$/;

/** The boxes' digits from the value: one entry per box, "" when empty. */
export function codeDigits(value: string, length = OTP_LENGTH): string[] {
  return Array.from({ length }, (_, i) => {
    const c = value.charAt(i);
    return DIGIT.test(c) ? c : "";
  });
}

function toValue(digits: string[]): string {
  return digits
    .map((d) => d || " ")
    .join("")
    .trimEnd();
}

/**
 * A one-time code in separate single-digit boxes (spec section 2, the transfer wizard's step
 * 2): digits only; typing moves to the next box; pasting a code fills the boxes (a whole code
 * from the first one, wherever the focus is); Backspace clears the box, or the previous one
 * when the box is empty, and moves back; the arrow keys, Home and End move between boxes.
 */
export function CodeInput({
  value,
  onChange,
  label,
  length = OTP_LENGTH,
  id,
  disabled,
  invalid,
  autoFocus,
  "aria-describedby": describedBy,
  onComplete,
}: CodeInputProps) {
  const { t } = useTranslation();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = codeDigits(value, length);

  const focus = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  const emit = (next: string[]) => {
    onChange(toValue(next));
    if (next.every(Boolean) && next.some((d, i) => d !== digits[i])) onComplete?.(next.join(""));
  };

  /** Writes `typed` digits from box `index` on; returns the box after the last one written. */
  const fill = (index: number, typed: string) => {
    const next = [...digits];
    let at = index;
    for (const d of typed) {
      if (at >= length) break;
      next[at] = d;
      at += 1;
    }
    emit(next);
    focus(at);
  };

  const onInput = (index: number, raw: string) => {
    const typed = raw.replace(/\D/g, "");
    if (typed === "") {
      // Cleared (cut, or a non-digit typed over the digit): the box is empty.
      if (digits[index]) emit(digits.map((d, i) => (i === index ? "" : d)));
      return;
    }
    // Typing into a box that holds a digit gives two: keep the new one.
    if (typed.length === 2 && digits[index] && typed.includes(digits[index])) {
      const fresh = typed[0] === digits[index] ? typed[1] : typed[0];
      fill(index, fresh);
      return;
    }
    // One digit typed, or a whole code filled in by the phone's autofill.
    fill(index, typed);
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const text = event.clipboardData.getData("text/plain") || event.clipboardData.getData("text");
    const pasted = text.replace(/\D/g, "");
    if (!pasted) return;
    fill(pasted.length >= length ? 0 : index, pasted.slice(0, length));
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "Backspace":
        event.preventDefault();
        if (digits[index]) {
          emit(digits.map((d, i) => (i === index ? "" : d)));
        } else if (index > 0) {
          emit(digits.map((d, i) => (i === index - 1 ? "" : d)));
          focus(index - 1);
        }
        return;
      case "Delete":
        event.preventDefault();
        if (digits[index]) emit(digits.map((d, i) => (i === index ? "" : d)));
        return;
      case "ArrowLeft":
        event.preventDefault();
        focus(index - 1);
        return;
      case "ArrowRight":
        event.preventDefault();
        focus(index + 1);
        return;
      case "Home":
        event.preventDefault();
        focus(0);
        return;
      case "End":
        event.preventDefault();
        focus(length - 1);
        return;
      default:
        // Digits only: other printable keys do nothing (shortcuts with Ctrl or Cmd still work).
        if (event.key.length === 1 && !DIGIT.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
          event.preventDefault();
        }
    }
  };

  return (
    <div role="group" aria-label={label} aria-describedby={describedBy} className="flex gap-2">
      {digits.map((digit, index) => (
        <input
          // The boxes never reorder: the index is their identity.
          key={index}
          ref={(el) => {
            boxes.current[index] = el;
          }}
          id={index === 0 ? id : undefined}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          autoFocus={autoFocus && index === 0}
          aria-label={t("codeInput.digit", { index: index + 1, total: length })}
          aria-invalid={invalid ? true : undefined}
          disabled={disabled}
          value={digit}
          onChange={(event) => onInput(index, event.target.value)}
          onPaste={(event) => onPaste(index, event)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onFocus={(event) => event.target.select()}
          className="size-11 rounded-md border border-input bg-background text-center font-mono text-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive sm:size-12"
        />
      ))}
    </div>
  );
}
