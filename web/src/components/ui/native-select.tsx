import type { ComponentProps } from "react";
import { CountryFlag } from "@/components/ui/country-flag";
import { supportedCountryCode } from "@/lib/countries";
import { cn } from "@/lib/utils";

type NativeSelectProps = ComponentProps<"select"> & {
  /**
   * For a select of countries (or of their dialling codes): the chosen country's code, whose
   * flag is shown inside the select's box, since an <option> cannot hold an image. "" or an
   * unknown code shows none. Leave it out for a select of anything else.
   */
  flag?: string;
  /**
   * The chosen option does not name the country (a dialling code): the flag's image then carries
   * the country's name. Otherwise the option already says it and the flag is decorative.
   */
  flagNamesCountry?: boolean;
};

const SELECT_CLASSES =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive";

/**
 * A native <select>: accessible and keyboard-friendly everywhere, and it needs no injected
 * styles or portals (our CSP refuses run-time <style> tags). The select itself receives every
 * prop (id, ref, aria-*), also when it shows a flag.
 */
export function NativeSelect({ className, flag, flagNamesCountry = false, ...props }: NativeSelectProps) {
  if (flag === undefined) return <select className={cn(SELECT_CLASSES, className)} {...props} />;
  // Always the same structure for a flag select, flag or not yet, so that choosing a country
  // never remounts the <select> (it would lose focus and a form library's reference to it).
  const shown = supportedCountryCode(flag) !== null;
  return (
    <div className="relative w-full">
      <select className={cn(SELECT_CLASSES, "peer", shown && "pl-11", className)} {...props} />
      <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center peer-disabled:opacity-50">
        <CountryFlag code={flag} decorative={!flagNamesCountry} />
      </span>
    </div>
  );
}
