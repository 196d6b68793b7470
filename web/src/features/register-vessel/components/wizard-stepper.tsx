import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

export type WizardStep = 1 | 2 | 3;

const STEPS = ["registerVessel.steps.details", "registerVessel.steps.identifiers", "registerVessel.steps.payment"] as const;

/** 'Details', 'Identifiers', 'Payment', with the current one marked for assistive technology. */
export function WizardStepper({ current, completed = false }: { current: WizardStep; completed?: boolean }) {
  const { t } = useTranslation();
  return (
    <ol aria-label={t("registerVessel.steps.label")} className="flex flex-wrap items-center gap-x-2 gap-y-3">
      {STEPS.map((key, index) => {
        const number = (index + 1) as WizardStep;
        const done = number < current || (completed && number === current);
        const active = number === current;
        return (
          <li key={key} aria-current={active ? "step" : undefined} className="flex items-center gap-2">
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
              {t(key)}
              {done ? <span className="sr-only"> ({t("registerVessel.steps.completed")})</span> : null}
            </span>
            {index < STEPS.length - 1 ? <span aria-hidden="true" className="mx-2 h-px w-8 bg-border" /> : null}
          </li>
        );
      })}
    </ol>
  );
}
