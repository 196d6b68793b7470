import { Anchor, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useNavigate } from "react-router";
import { LanguageMenu } from "@/components/layout/language-menu";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useCurrentUser } from "@/lib/auth/get-current-user";
import { useLogout } from "@/lib/auth/logout";
import { cn } from "@/lib/utils";

const navLinkClass = "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground";

export function Header() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const logout = useLogout();

  const signOut = () =>
    logout.mutate(undefined, {
      onSettled: () => void navigate("/"),
      onError: () => toast({ variant: "destructive", title: t("common.error"), description: t("nav.signOutFailed") }),
    });

  return (
    <header className="sticky top-0 z-40 border-b print:hidden border-border bg-background/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 font-semibold text-primary">
          <Anchor className="size-6" aria-hidden="true" />
          <span>{t("brand.name")}</span>
        </Link>

        <nav aria-label={t("nav.main")} className="flex flex-wrap items-center gap-1">
          <NavLink
            to="/registry"
            className={({ isActive }) =>
              cn(navLinkClass, isActive && "bg-secondary text-secondary-foreground hover:bg-secondary")
            }
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

        <div className="ml-auto flex items-center gap-2">
          <LanguageMenu />
          {user ? (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to="/dashboard">{t("nav.dashboard")}</Link>
              </Button>
              <Button asChild variant="ghost" size="icon">
                <Link to="/profile" aria-label={t("nav.profile")}>
                  <UserRound aria-hidden="true" />
                </Link>
              </Button>
              <Button variant="outline" size="sm" onClick={signOut} disabled={logout.isPending}>
                {t("nav.signOut")}
              </Button>
            </>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to="/login">{t("nav.signIn")}</Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/register-vessel">{t("nav.registerVessel")}</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
