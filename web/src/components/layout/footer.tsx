import { Anchor } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

const linkClass = "text-sm text-muted-foreground hover:text-foreground hover:underline";

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="mt-16 border-t print:hidden border-border bg-muted">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div className="grid content-start gap-2">
          <p className="flex items-center gap-2 font-semibold text-primary">
            <Anchor className="size-5" aria-hidden="true" />
            {t("brand.name")}
          </p>
          <p className="text-sm text-muted-foreground">{t("footer.blurb")}</p>
        </div>
        <nav aria-labelledby="footer-platform">
          <h2 id="footer-platform" className="mb-2 text-sm font-semibold">
            {t("footer.platform")}
          </h2>
          <ul className="grid gap-1">
            <li>
              <Link to="/registry" className={linkClass}>
                {t("nav.registry")}
              </Link>
            </li>
            <li>
              <Link to="/check" className={linkClass}>
                {t("nav.hullCheck")}
              </Link>
            </li>
            <li>
              <Link to="/register-vessel" className={linkClass}>
                {t("nav.registerVessel")}
              </Link>
            </li>
            <li>
              <Link to="/dashboard" className={linkClass}>
                {t("nav.dashboard")}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="mb-2 text-sm font-semibold">
            {t("footer.legal")}
          </h2>
          <ul className="grid gap-1">
            <li>
              <Link to="/legal/privacy" className={linkClass}>
                {t("footer.privacy")}
              </Link>
            </li>
            <li>
              <Link to="/legal/terms" className={linkClass}>
                {t("footer.terms")}
              </Link>
            </li>
            <li>
              <Link to="/legal/dpia" className={linkClass}>
                {t("footer.dpia")}
              </Link>
            </li>
            <li>
              <Link to="/contact" className={linkClass}>
                {t("footer.contact")}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-4 text-xs text-muted-foreground sm:flex-row sm:justify-between">
          <p>
            {t("footer.independent")} {t("footer.independentDetail")}
          </p>
          <p>{t("footer.copyright")}</p>
        </div>
      </div>
    </footer>
  );
}
