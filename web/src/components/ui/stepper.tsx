import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

/**
 * A wizard's numbered steps, the current one marked for assistive technology
 * (`aria-current="step"`) and the finished ones ticked.
 */
export function Stepper({
  steps,
  current,
  completed = false,
  label,
}: {
  /** The steps' names, in order. */
  steps: readonly string[];
  /** The current step, from 1. */
  current: number;
  /** The current step is finished too (the wizard is done). */
  completed?: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <ol aria-label={label} className="flex flex-wrap items-center gap-x-2 gap-y-3">
      {steps.map((name, index) => {
        const number = index + 1;
        const done = number < current || (completed && number === current);
        const active = number === current;
        return (
          <li key={name} aria-current={active ? "step" : undefined} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={cn(
                "flex size-8 items-center justify-center rounded-full border text-sm font-semibold",
                done && "border-success bg-success text-white",
                active && !done && "border-primary bg-primary text-primary-foreground",
                !active && !done && "border-border bg-muted text-muted-foreground",
              )}
            >
              {done ? <Check className="size-4" /> : number}
            </span>
            <span className={cn("text-sm", active ? "font-semibold" : "text-muted-foreground")}>
              {name}
              {done ? <span className="sr-only"> ({t("stepper.completed")})</span> : null}
            </span>
            {index < steps.length - 1 ? <span aria-hidden="true" className="mx-2 h-px w-8 bg-border" /> : null}
          </li>
        );
      })}
    </ol>
  );
}
