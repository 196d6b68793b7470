import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { EmailVerificationBanner } from "@/components/layout/email-verification-banner";
import { Footer } from "@/components/layout/footer";
import { Header } from "@/components/layout/header";
import { useRouteFocus } from "@/components/layout/use-route-focus";
import { Toaster } from "@/components/ui/toaster";
import { pageWrittenByServer } from "@/lib/server-page";

/** Scrolls to #anchor targets (how-it-works, pricing) after in-app navigation, else to the top. */
function useScrollOnNavigate() {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const initial = first.current;
    first.current = false;
    // A page the server wrote the browser has placed itself (its anchor, a reload's scroll), and the
    // reader may have scrolled it while the app's code arrived.
    if (initial && pageWrittenByServer) return;
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView({ block: "start" });
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [location.pathname, location.hash, location.key]);
}

export function Layout() {
  const { t } = useTranslation();
  const mainRef = useRef<HTMLElement>(null);
  useScrollOnNavigate();
  // After navigating to another page, focus moves to its h1 (the title is each page's useDocumentTitle).
  useRouteFocus(mainRef);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:absolute focus:left-4 focus:top-4"
      >
        {t("nav.skipToContent")}
      </a>
      <Header />
      <EmailVerificationBanner />
      {/* At least a screen high: the footer starts below the fold, so a page whose content arrives
          after the first paint (code on demand, data) does not push it down in view. */}
      <main ref={mainRef} id="main-content" tabIndex={-1} className="min-h-svh flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}
