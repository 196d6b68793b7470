import { useTranslation } from "react-i18next";
import { FLAGS } from "@/components/ui/flags";
import { supportedCountryCode } from "@/lib/countries";
import { cn } from "@/lib/utils";

type CountryFlagProps = {
  code: string;
  /**
   * Where the country's name is already written beside the flag (or in the control it sits in),
   * the flag is decorative (alt=""), so that a screen reader says the name once. Otherwise the
   * image itself carries the translated name.
   */
  decorative?: boolean;
  /** The flag's height in CSS pixels; the width follows from the flag's own proportions. */
  height?: number;
  className?: string;
};

/**
 * A supported country's flag as an image (an SVG shipped with the app), named by the country's
 * translated name. An unknown code renders nothing.
 */
export function CountryFlag({ code, decorative = false, height = 14, className }: CountryFlagProps) {
  const { t } = useTranslation();
  const supported = supportedCountryCode(code);
  if (!supported) return null;
  const flag = FLAGS[supported];
  const name = t(`countries.${supported}`);
  return (
    <img
      src={flag.src}
      alt={decorative ? "" : name}
      title={decorative ? undefined : name}
      width={Math.round(height * flag.ratio)}
      height={height}
      draggable={false}
      className={cn("inline-block shrink-0 rounded-[2px] ring-1 ring-foreground/15", className)}
    />
  );
}
