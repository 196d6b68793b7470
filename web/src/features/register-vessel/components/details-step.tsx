import { useEffect } from "react";
import { Controller, useWatch, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CountryConfig, User } from "@/api/types";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { PhoneVerification } from "@/features/profile/public";
import { DescriptionFields } from "@/features/vessels/public";
import { UnknownCheckbox } from "@/features/register-vessel/components/unknown-checkbox";
import { countryName } from "@/features/register-vessel/components/localized";
import { maxBuildYear, type VesselDetailsValues } from "@/features/register-vessel/schemas/register-vessel";
import { UNKNOWN } from "@/lib/format";

type UnknownPair =
  | ["makeUnknown", "make", string]
  | ["modelUnknown", "model", string]
  | ["buildYearUnknown", "buildYear", string]
  | ["lengthUnknown", "lengthCm", string];

/**
 * Step 1 'Vessel Information' (spec sections 2 and 5). Continuing only advances. Rendered inside
 * the form's FormProvider, through which the optional description's fields reach the form.
 */
export function DetailsStep({
  form,
  user,
  countries,
  countriesLoading,
  onContinue,
}: {
  form: UseFormReturn<VesselDetailsValues>;
  /** The signed-in owner: the vessel takes the account's verified mobile number. */
  user: User;
  countries: CountryConfig[];
  countriesLoading: boolean;
  onContinue: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { errors, isSubmitted } = form.formState;
  const flags = form.watch(["makeUnknown", "modelUnknown", "buildYearUnknown", "lengthUnknown"]);
  const [makeUnknown, modelUnknown, buildYearUnknown, lengthUnknown] = flags.map(Boolean);
  // The chosen country, for its flag beside the select.
  const countryCode = useWatch({ control: form.control, name: "countryCode" });
  // The number is the account's: once verified (here, or on the profile), the step may continue.
  useEffect(() => {
    form.setValue("phoneVerified", Boolean(user.phoneVerifiedAt), { shouldValidate: isSubmitted });
  }, [user.phoneVerifiedAt, form, isSubmitted]);

  const setUnknown = ([flag, field, unknownValue]: UnknownPair, checked: boolean) => {
    form.setValue(flag, checked);
    form.setValue(field, checked ? unknownValue : "", { shouldValidate: isSubmitted });
    if (checked) form.clearErrors(field);
  };

  const countryField = form.register("countryCode");

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

      <section aria-labelledby="vessel-phone-title" className="grid gap-2">
        <h3 id="vessel-phone-title" className="text-sm font-medium">
          {t("registerVessel.phone")}
        </h3>
        {user.phoneVerifiedAt && user.phoneE164 ? (
          <p className="text-sm">{t("registerVessel.phoneFromAccount", { phone: user.phoneE164 })}</p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">{t("registerVessel.phoneVerifyHere")}</p>
            <PhoneVerification user={user} />
            {errors.phoneVerified?.message ? (
              <p role="alert" className="text-sm text-destructive">
                {t(errors.phoneVerified.message)}
              </p>
            ) : null}
          </>
        )}
      </section>

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

      <fieldset className="grid gap-4 rounded-lg border border-border p-4">
        <legend className="px-1 text-sm font-medium">{t("registerVessel.descriptionTitle")}</legend>
        <p className="text-sm text-muted-foreground">{t("registerVessel.descriptionHint")}</p>
        <DescriptionFields idPrefix="vessel" />
      </fieldset>

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
