import { useTranslation } from "react-i18next";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";

/**
 * "I don't know / I don't have this number" under a field. Its accessible name starts with
 * the field's label so that each one is distinguishable.
 */
export function UnknownCheckbox({
  id,
  fieldLabel,
  checked,
  onCheckedChange,
  disabled,
}: {
  id: string;
  fieldLabel: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FormField
      id={id}
      layout="checkbox"
      className="text-muted-foreground"
      label={
        <>
          <span className="sr-only">{fieldLabel}:</span> {t("registerVessel.unknown")}
        </>
      }
    >
      <Checkbox checked={checked} disabled={disabled} onCheckedChange={(v) => onCheckedChange(v)} />
    </FormField>
  );
}
