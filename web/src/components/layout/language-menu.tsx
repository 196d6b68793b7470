import { Globe } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { LANGUAGES } from "@/i18n";
import { useReaderLanguage } from "@/lib/auth/account-language";

/**
 * Lists the six spec languages, each by its own name (a reader who cannot read the current
 * language still finds theirs), with the name in the current language beside it.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const chooseLanguage = useReaderLanguage();
  return (
    // Non-modal: a modal menu locks scrolling with an injected <style>, which our CSP refuses.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        {/* The name holds the visible code too, so speech control users can say what they see. */}
        <Button variant="ghost" size="sm">
          <Globe aria-hidden="true" />
          <span className="sr-only">{t("lang.menuLabel")}</span>
          <span className="uppercase">{current}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t("lang.menuTitle")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={current} onValueChange={chooseLanguage}>
          {LANGUAGES.map((lang) => (
            <DropdownMenuRadioItem key={lang.code} value={lang.code}>
              <span lang={lang.code}>{lang.nativeName}</span>
              {lang.code === current ? null : (
                <span className="ml-auto pl-3 text-xs text-muted-foreground">{t(`lang.names.${lang.code}`)}</span>
              )}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
