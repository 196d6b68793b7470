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
import { changeLanguage, LANGUAGES } from "@/i18n";

/**
 * Lists the six spec languages. English and Dutch have translations and switch the UI;
 * German, French, Spanish and Italian are shown disabled with a "coming soon" hint.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    // Non-modal: a modal menu locks scrolling with an injected <style>, which our CSP refuses.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t("lang.menuLabel")}>
          <Globe aria-hidden="true" />
          <span aria-hidden="true" className="uppercase">
            {current}
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t("lang.menuTitle")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={current} onValueChange={changeLanguage}>
          {LANGUAGES.map((lang) => (
            <DropdownMenuRadioItem key={lang.code} value={lang.code} disabled={!lang.available} lang={lang.code}>
              <span>{t(`lang.names.${lang.code}`)}</span>
              {lang.available ? null : <span className="ml-auto text-xs text-muted-foreground">{t("lang.comingSoon")}</span>}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
