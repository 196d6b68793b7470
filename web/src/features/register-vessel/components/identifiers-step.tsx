import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { CountryConfig, IdentifierConfig } from "@/api/types";
import { Button } from "@/components/ui/button";
import { CountryFlag } from "@/components/ui/country-flag";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { countryName, identifierHelper, identifierLabel } from "@/features/register-vessel/components/localized";
import { UnknownCheckbox } from "@/features/register-vessel/components/unknown-checkbox";
import { nationalIdentifiers, type VesselIdentifiersValues } from "@/features/register-vessel/schemas/register-vessel";
import { UNKNOWN } from "@/lib/format";

type SimpleField = "cin" | "legacyId" | "engineSerial" | "mmsi";

/** Step 2 'Vessel Identification Numbers' (spec section 2). 'Continue to Payment' registers the vessel. */
export function IdentifiersStep({
  form,
  legacy,
  country,
  submitting,
  onBack,
  onSubmit,
}: {
  form: UseFormReturn<VesselIdentifiersValues>;
  /** Build year before 1998: a legacy / national ID instead of the CIN/HIN. */
  legacy: boolean;
  country: CountryConfig | undefined;
  submitting: boolean;
  onBack: () => void;
  onSubmit: (values: VesselIdentifiersValues) => void;
}) {
  const { t, i18n } = useTranslation();
  const { errors, isSubmitted } = form.formState;
  const values = form.watch();
  const nationals = nationalIdentifiers(country);
  const mmsiConfig = country?.identifiers.find((i) => i.type === "mmsi");

  const setUnknown = (field: SimpleField, checked: boolean) => {
    form.setValue(`${field}Unknown`, checked);
    form.setValue(field, checked ? UNKNOWN : "", { shouldValidate: isSubmitted });
    if (checked) form.clearErrors(field);
  };

  const setNationalUnknown = (type: string, checked: boolean) => {
    form.setValue(`identifiersUnknown.${type}`, checked);
    form.setValue(`identifiers.${type}`, checked ? UNKNOWN : "");
    if (checked) form.clearErrors(`identifiers.${type}`);
  };

  const mmsiLabel = mmsiConfig ? identifierLabel(mmsiConfig, t, i18n.language) : t("registerVessel.mmsi");
  const mmsiField = (
    <div className="grid content-start gap-2">
      <FormField
        id="vessel-mmsi"
        label={mmsiLabel}
        hint={mmsiConfig ? identifierHelper(mmsiConfig, t, i18n.language) : t("registerVessel.mmsiHint")}
        error={errors.mmsi}
      >
        <Input
          inputMode="numeric"
          autoComplete="off"
          placeholder={mmsiConfig?.placeholder || "244123456"}
          disabled={Boolean(values.mmsiUnknown)}
          {...form.register("mmsi")}
        />
      </FormField>
      <UnknownCheckbox
        id="vessel-mmsi-unknown"
        fieldLabel={mmsiLabel}
        checked={Boolean(values.mmsiUnknown)}
        onCheckedChange={(c) => setUnknown("mmsi", c)}
      />
    </div>
  );

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="grid gap-6">
      {legacy ? (
        <div className="grid gap-2">
          <FormField
            id="vessel-legacy-id"
            label={t("registerVessel.legacyId")}
            hint={t("registerVessel.legacyIdHint")}
            error={errors.legacyId}
          >
            <Input autoComplete="off" disabled={Boolean(values.legacyIdUnknown)} {...form.register("legacyId")} />
          </FormField>
          <UnknownCheckbox
            id="vessel-legacy-id-unknown"
            fieldLabel={t("registerVessel.legacyId")}
            checked={Boolean(values.legacyIdUnknown)}
            onCheckedChange={(c) => setUnknown("legacyId", c)}
          />
        </div>
      ) : (
        <div className="grid gap-2">
          <FormField id="vessel-cin" label={t("registerVessel.cin")} hint={t("registerVessel.cinHint")} error={errors.cin}>
            <Input
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="NL-BEN12345F819"
              aria-required="true"
              className="font-mono uppercase placeholder:normal-case"
              disabled={Boolean(values.cinUnknown)}
              {...form.register("cin")}
            />
          </FormField>
          <UnknownCheckbox
            id="vessel-cin-unknown"
            fieldLabel={t("registerVessel.cin")}
            checked={Boolean(values.cinUnknown)}
            onCheckedChange={(c) => setUnknown("cin", c)}
          />
        </div>
      )}

      <div className="grid gap-2">
        <FormField id="vessel-engine-serial" label={t("registerVessel.engineSerial")} error={errors.engineSerial}>
          <Input autoComplete="off" disabled={Boolean(values.engineSerialUnknown)} {...form.register("engineSerial")} />
        </FormField>
        <UnknownCheckbox
          id="vessel-engine-serial-unknown"
          fieldLabel={t("registerVessel.engineSerial")}
          checked={Boolean(values.engineSerialUnknown)}
          onCheckedChange={(c) => setUnknown("engineSerial", c)}
        />
      </div>

      {country ? (
        <section aria-labelledby="country-identifiers" className="grid gap-4 rounded-md border border-border p-4">
          <div className="grid gap-1">
            <h3 id="country-identifiers" className="flex items-center gap-2 font-semibold">
              <CountryFlag code={country.code} decorative />
              {t("registerVessel.countryIdentifiers", { country: countryName(country, t, i18n.language) })}
            </h3>
            <p className="text-sm text-muted-foreground">{t("registerVessel.countryIdentifiersHint")}</p>
          </div>
          <div className="grid gap-6 sm:grid-cols-2">
            {nationals.map((config) => (
              <NationalField
                key={config.type}
                config={config}
                form={form}
                unknown={Boolean(values.identifiersUnknown[config.type])}
                onUnknown={(c) => setNationalUnknown(config.type, c)}
              />
            ))}
            {mmsiConfig ? mmsiField : null}
          </div>
        </section>
      ) : null}

      <div className="grid gap-6 sm:grid-cols-2">
        {mmsiConfig ? null : mmsiField}
        <FormField id="vessel-imo" label={t("registerVessel.imo")} hint={t("registerVessel.imoHint")} error={errors.imoNumber}>
          <Input autoComplete="off" placeholder="IMO 9074729" {...form.register("imoNumber")} />
        </FormField>
        <FormField id="vessel-eni" label={t("registerVessel.eni")} hint={t("registerVessel.eniHint")} error={errors.eniNumber}>
          <Input inputMode="numeric" autoComplete="off" placeholder="02326185" {...form.register("eniNumber")} />
        </FormField>
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack} disabled={submitting}>
          {t("registerVessel.back")}
        </Button>
        <Button type="submit" disabled={submitting}>
          {submitting ? t("registerVessel.registering") : t("registerVessel.continueToPayment")}
        </Button>
      </div>
    </form>
  );
}

function NationalField({
  config,
  form,
  unknown,
  onUnknown,
}: {
  config: IdentifierConfig;
  form: UseFormReturn<VesselIdentifiersValues>;
  unknown: boolean;
  onUnknown: (checked: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const label = identifierLabel(config, t, i18n.language);
  const error = form.formState.errors.identifiers?.[config.type];
  return (
    <div className="grid content-start gap-2">
      <FormField
        id={`vessel-identifier-${config.type}`}
        label={label}
        hint={identifierHelper(config, t, i18n.language) || undefined}
        error={error}
      >
        <Input
          autoComplete="off"
          placeholder={config.placeholder || undefined}
          disabled={unknown}
          {...form.register(`identifiers.${config.type}`)}
        />
      </FormField>
      <UnknownCheckbox
        id={`vessel-identifier-${config.type}-unknown`}
        fieldLabel={label}
        checked={unknown}
        onCheckedChange={onUnknown}
      />
    </div>
  );
}
