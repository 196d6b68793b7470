import { useTranslation } from "react-i18next";
import { countryNameKey, flagEmoji } from "@/lib/countries";

/** Flag and code ("🇳🇱 NL"), with the country's name for assistive technology and on hover. */
export function CountryLabel({ code, showName = false }: { code: string; showName?: boolean }) {
  const { t } = useTranslation();
  const key = countryNameKey(code);
  const name = key ? t(key) : code;
  const flag = flagEmoji(code);
  return (
    <span className="inline-flex items-center gap-1.5" title={name}>
      {flag ? <span aria-hidden="true">{flag}</span> : null}
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
