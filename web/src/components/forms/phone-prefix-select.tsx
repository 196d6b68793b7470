import type { ComponentProps } from "react";
import type { CountryConfig } from "@/api/types";
import { NativeSelect } from "@/components/ui/native-select";
import { phonePrefixes } from "@/lib/phone";

/**
 * The dialling-code select of a phone number: every supported country's prefix once, with its
 * flag ("🇳🇱 +31"), in the countries' order. The options' values are the prefixes.
 */
export function PhonePrefixSelect({
  countries,
  placeholder,
  ...props
}: ComponentProps<"select"> & { countries: readonly CountryConfig[]; placeholder?: string }) {
  return (
    <NativeSelect {...props}>
      {placeholder ? <option value="">{placeholder}</option> : null}
      {phonePrefixes(countries).map((c) => (
        <option key={c.phonePrefix} value={c.phonePrefix}>
          {`${c.flag} ${c.phonePrefix}`}
        </option>
      ))}
    </NativeSelect>
  );
}
