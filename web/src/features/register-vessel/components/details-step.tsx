import { Controller, useWatch, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CountryConfig } from "@/api/types";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { UnknownCheckbox } from "@/features/register-vessel/components/unknown-checkbox";
import { countryName } from "@/features/register-vessel/components/localized";
import { maxBuildYear, type VesselDetailsValues } from "@/features/register-vessel/schemas/register-vessel";
import { UNKNOWN } from "@/lib/format";

type UnknownPair =
  | ["makeUnknown", "make", string]
  | ["modelUnknown", "model", string]
  | ["buildYearUnknown", "buildYear", string]
  | ["lengthUnknown", "lengthCm", string];

/** Step 1 'Vessel Information' (spec sections 2 and 5). Continuing only advances. */
export function DetailsStep({
  form,
  countries,
  countriesLoading,
  onContinue,
}: {
  form: UseFormReturn<VesselDetailsValues>;
  countries: CountryConfig[];
  countriesLoading: boolean;
  onContinue: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { errors, isSubmitted } = form.formState;
  const flags = form.watch(["makeUnknown", "modelUnknown", "buildYearUnknown", "lengthUnknown"]);
  const [makeUnknown, modelUnknown, buildYearUnknown, lengthUnknown] = flags.map(Boolean);
  // The chosen country and dialling code, for their flags beside the selects.
  const [countryCode, phonePrefix] = useWatch({ control: form.control, name: ["countryCode", "phonePrefix"] });

  // One prefix per distinct dialling code, in the order of the countries.
  const prefixes = countries.filter((c, i) => countries.findIndex((o) => o.phonePrefix === c.phonePrefix) === i);

  const setUnknown = ([flag, field, unknownValue]: UnknownPair, checked: boolean) => {
    form.setValue(flag, checked);
    form.setValue(field, checked ? unknownValue : "", { shouldValidate: isSubmitted });
    if (checked) form.clearErrors(field);
  };

  const countryField = form.register("countryCode", {
    onChange: (event: { target: { value: string } }) => {
      // Choosing a country proposes its dialling code when none is chosen yet.
      const country = countries.find((c) => c.code === event.target.value);
      if (country && !form.getValues("phonePrefix")) {
        form.setValue("phonePrefix", country.phonePrefix, { shouldValidate: isSubmitted });
      }
    },
  });

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onContinue)(event)} className="grid gap-6">
      <FormField id="vessel-name" label={t("registerVessel.name")} error={errors.name}>
        <Input autoComplete="off" {...form.register("name")} />
      </FormField>

      <FormField id="vessel-country" label={t("registerVessel.country")} error={errors.countryCode}>
        <NativeSelect aria-required="true" disabled={countriesLoading} flag={countryCode} {...countryField}>
          <option value="">{countriesLoading ? t("common.loading") : t("registerVessel.chooseCountry")}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {countryName(c, t, i18n.language)}
            </option>
          ))}
        </NativeSelect>
      </FormField>

      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <FormField id="vessel-phone-prefix" label={t("registerVessel.phonePrefix")} error={errors.phonePrefix}>
          <NativeSelect
            aria-required="true"
            disabled={countriesLoading}
            flag={prefixes.find((c) => c.phonePrefix === phonePrefix)?.code ?? ""}
            flagNamesCountry
            {...form.register("phonePrefix")}
          >
            <option value="">{t("registerVessel.choosePrefix")}</option>
            {prefixes.map((c) => (
              <option key={c.phonePrefix} value={c.phonePrefix}>
                {c.phonePrefix}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id="vessel-phone"
          label={t("registerVessel.phone")}
          hint={t("registerVessel.phoneHint")}
          error={errors.phoneNumber}
        >
          <Input type="tel" inputMode="tel" autoComplete="tel-national" aria-required="true" {...form.register("phoneNumber")} />
        </FormField>
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <FormField id="vessel-make" label={t("registerVessel.make")} error={errors.make}>
            <Input aria-required="true" disabled={makeUnknown} {...form.register("make")} />
          </FormField>
          <UnknownCheckbox
            id="vessel-make-unknown"
            fieldLabel={t("registerVessel.make")}
            checked={makeUnknown}
            onCheckedChange={(c) => setUnknown(["makeUnknown", "make", UNKNOWN], c)}
          />
        </div>
        <div className="grid content-start gap-2">
          <FormField id="vessel-model" label={t("registerVessel.model")} error={errors.model}>
            <Input aria-required="true" disabled={modelUnknown} {...form.register("model")} />
          </FormField>
          <UnknownCheckbox
            id="vessel-model-unknown"
            fieldLabel={t("registerVessel.model")}
            checked={modelUnknown}
            onCheckedChange={(c) => setUnknown(["modelUnknown", "model", UNKNOWN], c)}
          />
        </div>
        <div className="grid content-start gap-2">
          <FormField
            id="vessel-build-year"
            label={t("registerVessel.buildYear")}
            error={errors.buildYear}
            errorParams={{ max: maxBuildYear() }}
          >
            <Input type="number" inputMode="numeric" disabled={buildYearUnknown} {...form.register("buildYear")} />
          </FormField>
          <UnknownCheckbox
            id="vessel-build-year-unknown"
            fieldLabel={t("registerVessel.buildYear")}
            checked={buildYearUnknown}
            onCheckedChange={(c) => setUnknown(["buildYearUnknown", "buildYear", ""], c)}
          />
        </div>
        <div className="grid content-start gap-2">
          <FormField id="vessel-length" label={t("registerVessel.length")} error={errors.lengthCm}>
            <Input type="number" inputMode="numeric" min={1} disabled={lengthUnknown} {...form.register("lengthCm")} />
          </FormField>
          <UnknownCheckbox
            id="vessel-length-unknown"
            fieldLabel={t("registerVessel.length")}
            checked={lengthUnknown}
            onCheckedChange={(c) => setUnknown(["lengthUnknown", "lengthCm", ""], c)}
          />
        </div>
      </div>

      <div className="grid gap-3">
        <Controller
          control={form.control}
          name="publicVisibility"
          render={({ field }) => (
            <FormField id="vessel-public" layout="checkbox" label={t("registerVessel.publicVisibility")}>
              <Checkbox checked={field.value} onCheckedChange={(v) => field.onChange(v)} onBlur={field.onBlur} ref={field.ref} />
            </FormField>
          )}
        />
        <Controller
          control={form.control}
          name="forSale"
          render={({ field }) => (
            <FormField id="vessel-for-sale" layout="checkbox" label={t("registerVessel.forSale")}>
              <Checkbox checked={field.value} onCheckedChange={(v) => field.onChange(v)} onBlur={field.onBlur} ref={field.ref} />
            </FormField>
          )}
        />
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button asChild variant="outline">
          <Link to="/dashboard">{t("common.cancel")}</Link>
        </Button>
        <Button type="submit">{t("registerVessel.continueToIdentifiers")}</Button>
      </div>
    </form>
  );
}
