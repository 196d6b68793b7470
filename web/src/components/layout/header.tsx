import { Anchor, Menu, UserRound, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { LanguageMenu } from "@/components/layout/language-menu";
import { useOutsidePress } from "@/components/layout/use-outside-press";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useCurrentUser } from "@/lib/auth/get-current-user";
import { useLogout } from "@/lib/auth/logout";
import { cn } from "@/lib/utils";

const navLinkClass = "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground";

/** Registry, How it Works and Pricing: in the header's row on wide screens, in the menu on a phone. */
function NavLinks({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("nav.main")} className={className}>
      <NavLink
        to="/registry"
        className={({ isActive }) => cn(navLinkClass, isActive && "bg-secondary text-secondary-foreground hover:bg-secondary")}
      >
        {t("nav.registry")}
      </NavLink>
      <Link to="/#how-it-works" className={navLinkClass}>
        {t("nav.howItWorks")}
      </Link>
      <Link to="/#pricing" className={navLinkClass}>
        {t("nav.pricing")}
      </Link>
    </nav>
  );
}

/** The account's links (Dashboard, Profile, Sign Out) or a guest's (Sign In, Register Vessel). */
function AccountLinks({ inMenu = false }: { inMenu?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const logout = useLogout();

  const signOut = () =>
    logout.mutate(undefined, {
      onSettled: () => void navigate("/"),
      onError: () => toast({ variant: "destructive", title: t("common.error"), description: t("nav.signOutFailed") }),
    });

  if (!user) {
    return (
      <>
        <Button asChild variant="ghost" size="sm" className={inMenu ? "justify-start" : undefined}>
          <Link to="/login">{t("nav.signIn")}</Link>
        </Button>
        <Button asChild size="sm">
          <Link to="/register-vessel">{t("nav.registerVessel")}</Link>
        </Button>
      </>
    );
  }
  return (
    <>
      <Button asChild variant="ghost" size="sm" className={inMenu ? "justify-start" : undefined}>
        <Link to="/dashboard">{t("nav.dashboard")}</Link>
      </Button>
      {inMenu ? (
        // In the menu there is room for the word; the row has the icon alone.
        <Button asChild variant="ghost" size="sm" className="justify-start">
          <Link to="/profile">
            <UserRound aria-hidden="true" />
            {t("nav.profile")}
          </Link>
        </Button>
      ) : (
        <Button asChild variant="ghost" size="icon">
          <Link to="/profile" aria-label={t("nav.profile")}>
            <UserRound aria-hidden="true" />
          </Link>
        </Button>
      )}
      <Button variant="outline" size="sm" onClick={signOut} disabled={logout.isPending}>
        {t("nav.signOut")}
      </Button>
    </>
  );
}

/**
 * The site's header: one row. On a wide screen it holds the brand, the links, the language menu
 * and the account's links; on a narrower one (a phone) the brand, the language menu and a 'Menu'
 * button that shows the links and the account's below the row (a disclosure: aria-expanded; it
 * opens on the first link, Escape closes it and returns the focus to the button, and leaving it
 * with Tab, a press outside it or following a link close it too).
 */
export function Header() {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  // Following a link (or Back) closes the menu; the page then moves the focus to its heading.
  const [shownAt, setShownAt] = useState(location.key);
  if (shownAt !== location.key) {
    setShownAt(location.key);
    setOpen(false);
  }

  // Opened: the focus goes to its first link.
  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>("a, button")?.focus();
  }, [open]);

  // A press anywhere else closes it, as focus leaving it does.
  useOutsidePress(open, [button, panel], () => setOpen(false));

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (open && event.key === "Escape" && !event.defaultPrevented) {
      event.preventDefault();
      close();
    }
  };

  return (
    <header
      className="sticky top-0 z-40 border-b print:hidden border-border bg-background/95 backdrop-blur"
      onKeyDown={onKeyDown}
    >
      {/* One row on a phone too: the name may take two lines there, the row never wraps. */}
      <div className="mx-auto flex max-w-6xl items-center gap-x-4 gap-y-2 px-4 py-3 lg:flex-wrap">
        <Link to="/" className="flex min-w-0 items-center gap-2 font-semibold text-primary">
          <Anchor className="size-6 shrink-0" aria-hidden="true" />
          <span className="text-sm leading-tight lg:text-base lg:leading-normal">{t("brand.name")}</span>
        </Link>

        <NavLinks className="hidden flex-wrap items-center gap-1 lg:flex" />

        <div className="ml-auto flex items-center gap-2">
          <LanguageMenu />
          <div className="hidden items-center gap-2 lg:flex">
            <AccountLinks />
          </div>
          <Button
            ref={button}
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            onClick={() => (open ? close() : setOpen(true))}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            <span className="sr-only">{t("nav.menu")}</span>
          </Button>
        </div>
      </div>
      {open ? (
        <div
          ref={panel}
          id={panelId}
          className="border-t border-border px-4 pb-4 pt-2 lg:hidden"
          onBlur={(event) => {
            const to = event.relatedTarget;
            if (to && !panel.current?.contains(to) && !button.current?.contains(to)) setOpen(false);
          }}
        >
          <NavLinks className="grid gap-1" />
          <div className="mt-3 grid gap-2 border-t border-border pt-3">
            <AccountLinks inMenu />
          </div>
        </div>
      ) : null}
    </header>
  );
}
