import { Slot } from "@radix-ui/react-slot";
import type { ReactElement, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

export type FieldErrorLike = { message?: string; type?: string | number } | undefined;

type FormFieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldErrorLike;
  /** Interpolation values for a client-side (i18n key) error message, e.g. { max: 2027 }. */
  errorParams?: Record<string, unknown>;
  /** "checkbox" puts the control before its label on one line. */
  layout?: "stacked" | "checkbox";
  className?: string;
  /** The single control (input, checkbox...). It receives id, aria-invalid and aria-describedby. */
  children: ReactElement;
};

/**
 * Label + control + hint + error, wired for assistive technology: the control gets the
 * id the label points at, aria-invalid when in error and aria-describedby naming the hint
 * and error. Client-side messages are i18n keys from the zod schemas; messages from the
 * server (type "server") are shown as sent.
 */
export function FormField({ id, label, hint, error, errorParams, layout = "stacked", className, children }: FormFieldProps) {
  const { t } = useTranslation();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const message = error?.message ? (error.type === "server" ? error.message : t(error.message, errorParams ?? {})) : null;
  const describedBy = [hint ? hintId : null, message ? errorId : null].filter(Boolean).join(" ") || undefined;

  const control = (
    <Slot id={id} aria-invalid={message ? true : undefined} aria-describedby={describedBy}>
      {children}
    </Slot>
  );

  return (
    <div className={cn("grid gap-2", className)}>
      {layout === "checkbox" ? (
        <div className="flex items-start gap-2">
          {control}
          <Label htmlFor={id} className="leading-snug">
            {label}
          </Label>
        </div>
      ) : (
        <>
          <Label htmlFor={id}>{label}</Label>
          {control}
        </>
      )}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {message ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}
