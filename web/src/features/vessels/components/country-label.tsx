import { useTranslation } from "react-i18next";
import { CountryFlag } from "@/components/ui/country-flag";
import { countryNameKey } from "@/lib/countries";

/**
 * Flag and code ("[flag] NL"), or flag, name and code with `showName`; the country's name is
 * said once to assistive technology (the flag is decorative) and shown on hover.
 */
export function CountryLabel({ code, showName = false }: { code: string; showName?: boolean }) {
  const { t } = useTranslation();
  const key = countryNameKey(code);
  const name = key ? t(key) : code;
  return (
    <span className="inline-flex items-center gap-1.5" title={name}>
      <CountryFlag code={code} decorative />
      {showName ? (
        <span>
          {name} ({code})
        </span>
      ) : (
        <>
          <span aria-hidden="true">{code}</span>
          <span className="sr-only">{name}</span>
        </>
      )}
    </span>
  );
}
