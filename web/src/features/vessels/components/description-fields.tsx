import { Plus, Trash2 } from "lucide-react";
import { useRef } from "react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import {
  type DescriptionValues,
  emptyEngineRow,
  ENGINE_TEXT_MAX,
  ENGINES_MAX,
  HOME_PORT_MAX,
  HULL_COLOUR_MAX,
} from "@/features/vessels/schemas/particulars";
import { HULL_MATERIALS, hullMaterialLabel, VESSEL_TYPES, vesselTypeLabel } from "@/lib/particulars";

/**
 * The vessel's description, every field optional: type, hull material and colour, home port and up
 * to six engines (make, model, power in kW; a comma is as good as a point). For a form whose values
 * include `DescriptionValues` (the registration's first step, 'Edit particulars'), given through
 * react-hook-form's FormProvider. `idPrefix` keeps the fields' ids apart from the form's others.
 */
export function DescriptionFields({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation();
  const { register, control, formState } = useFormContext<DescriptionValues>();
  const { errors } = formState;
  const engines = useFieldArray({ control, name: "engines" });
  // A removed row's button is gone: the focus goes to 'Add engine' rather than to the page's start.
  const addButton = useRef<HTMLButtonElement>(null);
  // The list's own problem (at most six, or the server's word on them), not one engine's.
  const enginesError = errors.engines?.message ? errors.engines : errors.engines?.root;

  return (
    <div className="grid gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField id={`${idPrefix}-type`} label={t("particulars.fields.vesselType")} error={errors.vesselType}>
          <NativeSelect {...register("vesselType")}>
            <option value="">{t("particulars.notGiven")}</option>
            {VESSEL_TYPES.map((type) => (
              <option key={type} value={type}>
                {vesselTypeLabel(type, t)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={`${idPrefix}-hull-material`} label={t("particulars.fields.hullMaterial")} error={errors.hullMaterial}>
          <NativeSelect {...register("hullMaterial")}>
            <option value="">{t("particulars.notGiven")}</option>
            {HULL_MATERIALS.map((material) => (
              <option key={material} value={material}>
                {hullMaterialLabel(material, t)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id={`${idPrefix}-hull-colour`}
          label={t("particulars.fields.hullColour")}
          error={errors.hullColour}
          errorParams={{ max: HULL_COLOUR_MAX }}
        >
          <Input autoComplete="off" maxLength={HULL_COLOUR_MAX} {...register("hullColour")} />
        </FormField>
        <FormField
          id={`${idPrefix}-home-port`}
          label={t("particulars.fields.homePort")}
          hint={t("particulars.homePortHint")}
          error={errors.homePort}
          errorParams={{ max: HOME_PORT_MAX }}
        >
          <Input autoComplete="off" maxLength={HOME_PORT_MAX} {...register("homePort")} />
        </FormField>
      </div>

      <fieldset className="grid gap-3" aria-describedby={enginesError ? `${idPrefix}-engines-error` : undefined}>
        <legend className="text-sm font-medium">{t("particulars.fields.engines")}</legend>
        {engines.fields.map((field, i) => {
          const rowErrors = errors.engines?.[i];
          const n = i + 1;
          return (
            <fieldset key={field.id} className="grid items-start gap-3 rounded-md border border-border p-3 sm:grid-cols-2">
              <legend className="px-1 text-xs font-medium text-muted-foreground">{t("particulars.engineNumbered", { n })}</legend>
              <FormField
                id={`${idPrefix}-engine-${field.id}-make`}
                label={t("particulars.engineMake")}
                error={rowErrors?.make}
                errorParams={{ max: ENGINE_TEXT_MAX }}
              >
                <Input autoComplete="off" aria-required="true" maxLength={ENGINE_TEXT_MAX} {...register(`engines.${i}.make`)} />
              </FormField>
              <FormField
                id={`${idPrefix}-engine-${field.id}-model`}
                label={t("particulars.engineModel")}
                error={rowErrors?.model}
                errorParams={{ max: ENGINE_TEXT_MAX }}
              >
                <Input autoComplete="off" maxLength={ENGINE_TEXT_MAX} {...register(`engines.${i}.model`)} />
              </FormField>
              <FormField
                id={`${idPrefix}-engine-${field.id}-power`}
                label={t("particulars.enginePower")}
                error={rowErrors?.powerKw}
              >
                <Input inputMode="decimal" autoComplete="off" aria-required="true" {...register(`engines.${i}.powerKw`)} />
              </FormField>
              <div className="flex sm:justify-end sm:pt-7">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    engines.remove(i);
                    addButton.current?.focus();
                  }}
                  aria-label={t("particulars.removeEngine", { n })}
                >
                  <Trash2 aria-hidden="true" />
                  {t("particulars.remove")}
                </Button>
              </div>
            </fieldset>
          );
        })}
        {enginesError ? (
          <p id={`${idPrefix}-engines-error`} role="alert" className="text-sm font-medium text-destructive">
            {enginesError.type === "server" ? enginesError.message : t(enginesError.message ?? "", { max: ENGINES_MAX })}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button
            ref={addButton}
            type="button"
            variant="outline"
            size="sm"
            disabled={engines.fields.length >= ENGINES_MAX}
            onClick={() => engines.append(emptyEngineRow)}
          >
            <Plus aria-hidden="true" />
            {t("particulars.addEngine")}
          </Button>
          <span className="text-xs text-muted-foreground">{t("particulars.enginesHint", { max: ENGINES_MAX })}</span>
        </div>
      </fieldset>
    </div>
  );
}
