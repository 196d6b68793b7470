import { Check, Globe } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useOutsidePress } from "@/components/layout/use-outside-press";
import { Button } from "@/components/ui/button";
import { LANGUAGES } from "@/i18n";
import { useReaderLanguage } from "@/lib/auth/account-language";

/**
 * Lists the six spec languages, each by its own name (a reader who cannot read the current
 * language still finds theirs), with the name in the current language beside it.
 *
 * A menu button in the WAI-ARIA pattern, written here rather than taken from a menu library:
 * it is in every page's first load, and a library's positioning and layering code would weigh
 * more than the whole menu. Enter, Space or the arrows open it on the current language; the
 * arrows, Home, End and a letter move; Enter or Space chooses; Escape closes and returns focus.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const chooseLanguage = useReaderLanguage();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const items = useRef<(HTMLDivElement | null)[]>([]);
  const menuId = useId();
  const titleId = useId();
  const currentIndex = Math.max(
    0,
    LANGUAGES.findIndex((l) => l.code === current),
  );

  useEffect(() => {
    if (open) items.current[active]?.focus();
  }, [open, active]);

  // A press anywhere else closes it, as focus leaving it does.
  useOutsidePress(open, [button, panel], () => setOpen(false));

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = (code: string) => {
    close();
    chooseLanguage(code);
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openAt(event.key === "ArrowDown" ? currentIndex : LANGUAGES.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const last = LANGUAGES.length - 1;
    const letter = event.key.length === 1 ? event.key.toLowerCase() : undefined;
    const byLetter = [...LANGUAGES.keys()]
      .map((i) => (active + 1 + i) % LANGUAGES.length)
      .find((i) => letter !== undefined && LANGUAGES[i].nativeName.toLowerCase().startsWith(letter));
    const moves: Record<string, number | undefined> = {
      ArrowDown: active === last ? 0 : active + 1,
      ArrowUp: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    const next = event.key in moves ? moves[event.key] : byLetter;
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "Tab") {
      // Focus moves on as the key says; the menu only closes.
      setOpen(false);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      choose(LANGUAGES[active].code);
    }
  };

  return (
    <div className="relative">
      {/* The name holds the visible code too, so speech control users can say what they see. */}
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        // While it is open the focus is in the menu: pressing the button must not move it there first,
        // or the menu's blur would close it and this click open it again.
        onMouseDown={(event) => {
          if (open) event.preventDefault();
        }}
        onClick={() => (open ? close() : openAt(currentIndex))}
        onKeyDown={onButtonKeyDown}
      >
        <Globe aria-hidden="true" />
        <span className="sr-only">{t("lang.menuLabel")}</span>
        <span className="uppercase">{current}</span>
      </Button>
      {open ? (
        <div
          ref={panel}
          className="absolute right-0 top-full z-50 mt-1 min-w-[12rem] rounded-md border border-border bg-background p-1 text-foreground shadow-md"
          onBlur={(event) => {
            if (!panel.current?.contains(event.relatedTarget)) setOpen(false);
          }}
        >
          <div id={titleId} className="px-2 py-1.5 text-xs font-semibold text-muted-foreground">
            {t("lang.menuTitle")}
          </div>
          <div id={menuId} role="menu" aria-labelledby={titleId} onKeyDown={onMenuKeyDown}>
            {LANGUAGES.map((lang, index) => (
              <div
                key={lang.code}
                ref={(element) => {
                  items.current[index] = element;
                }}
                role="menuitemradio"
                aria-checked={lang.code === current}
                tabIndex={-1}
                className="relative flex cursor-default select-none items-center gap-2 rounded-sm py-1.5 pl-8 pr-2 text-sm outline-none hover:bg-muted focus:bg-muted"
                onClick={() => choose(lang.code)}
                onPointerMove={() => active !== index && setActive(index)}
              >
                {lang.code === current ? (
                  <span className="absolute left-2 flex size-4 items-center justify-center" aria-hidden="true">
                    <Check className="size-4" />
                  </span>
                ) : null}
                <span lang={lang.code}>{lang.nativeName}</span>
                {lang.code === current ? null : (
                  <span className="ml-auto pl-3 text-xs text-muted-foreground">{t(`lang.names.${lang.code}`)}</span>
                )}
              </div>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
