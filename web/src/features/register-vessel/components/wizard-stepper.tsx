import { useTranslation } from "react-i18next";
import { Stepper } from "@/components/ui/stepper";

export type WizardStep = 1 | 2 | 3;

const STEPS = ["registerVessel.steps.details", "registerVessel.steps.identifiers", "registerVessel.steps.payment"] as const;

/** 'Details', 'Identifiers', 'Payment', with the current one marked for assistive technology. */
export function WizardStepper({ current, completed = false }: { current: WizardStep; completed?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stepper steps={STEPS.map((key) => t(key))} current={current} completed={completed} label={t("registerVessel.steps.label")} />
  );
}
