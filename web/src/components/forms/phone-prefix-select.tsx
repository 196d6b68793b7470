import type { ComponentProps } from "react";
import type { CountryConfig } from "@/api/types";
import { NativeSelect } from "@/components/ui/native-select";
import { phonePrefixes } from "@/lib/phone";

/**
 * The dialling-code select of a phone number: every supported country's prefix once ("+31"), in
 * the countries' order. The options' values are the prefixes. Given the chosen prefix
 * (`selected`, the form's watched value), the select shows that country's flag, named by the
 * country's name (an <option> holds text only, and the prefix alone does not name the country).
 */
export function PhonePrefixSelect({
  countries,
  placeholder,
  selected,
  ...props
}: ComponentProps<"select"> & { countries: readonly CountryConfig[]; placeholder?: string; selected?: string }) {
  const prefixes = phonePrefixes(countries);
  const flag = selected === undefined ? undefined : (prefixes.find((c) => c.phonePrefix === selected)?.code ?? "");
  return (
    <NativeSelect flag={flag} flagNamesCountry {...props}>
      {placeholder ? <option value="">{placeholder}</option> : null}
      {prefixes.map((c) => (
        <option key={c.phonePrefix} value={c.phonePrefix}>
          {c.phonePrefix}
        </option>
      ))}
    </NativeSelect>
  );
}
