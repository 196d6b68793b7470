import { useTranslation } from "react-i18next";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/native-select";

/** A labelled select of one filter's values, translated under `labelPrefix`, with 'All' first unless `withAll` is false. */
export function FilterSelect<T extends string>({
  id,
  label,
  value,
  values,
  labelPrefix,
  onChange,
  withAll = true,
}: {
  id: string;
  label: string;
  value: T | "";
  values: readonly T[];
  labelPrefix: string;
  onChange: (value: T | "") => void;
  withAll?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FormField id={id} label={label}>
      <NativeSelect value={value} onChange={(event) => onChange(event.target.value as T | "")}>
        {withAll ? <option value="">{t("admin.all")}</option> : null}
        {values.map((v) => (
          <option key={v} value={v}>
            {t(`${labelPrefix}.${v}`)}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
