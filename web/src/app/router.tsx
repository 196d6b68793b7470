import { Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, Route, Routes, useLocation } from "react-router";
import { Layout } from "@/components/layout/layout";
import { Button } from "@/components/ui/button";
import { ErrorBoundary } from "@/components/ui/error-boundary";
import { AdminPage } from "@/features/admin/routes";
import { VerifyCertificatePage } from "@/features/certificates/routes";
import { ForgotPasswordPage, LoginPage, ResetPasswordPage, SignupPage, VerifyEmailPage } from "@/features/auth/routes";
import { HullCheckPage } from "@/features/hull-check/routes";
import { MailboxPage } from "@/features/devmailbox/routes";
import { LandingPage } from "@/features/landing/routes";
import { ContactPage, DpiaPage, PrivacyPage, TermsPage } from "@/features/legal/routes";
import { NotFoundPage } from "@/features/placeholders/routes";
import { ProfilePage } from "@/features/profile/routes";
import { RegisterVesselPage } from "@/features/register-vessel/routes";
import { HowTransfersWorkPage, ReleaseReceiptPage, TransferPaymentReturnPage } from "@/features/transfers/routes";
import {
  DashboardPage,
  RegistrySearchPage,
  TransferPage,
  UploadDocumentsPage,
  VesselDetailPage,
} from "@/features/vessels/routes";

/**
 * Every route of the spec's table (section 2), plus password reset, legal pages, the dev mailbox,
 * and the transfers' pages: the fee's return from the card provider, the seller's release
 * receipt and how transfers work (the landing's 'Learn More'); the public check of a
 * registration certificate, /verify/{serial}, which the certificate's QR code opens; and the free
 * hull check for buyers, /check.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route element={<PageCode />}>
          <Route index element={<LandingPage />} />
          <Route path="registry" element={<RegistrySearchPage />} />
          <Route path="registry/:platformId" element={<VesselDetailPage />} />
          <Route path="registry/:platformId/upload-documents" element={<UploadDocumentsPage />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="register-vessel" element={<RegisterVesselPage />} />
          <Route path="transfer/:vesselId" element={<TransferPage />} />
          <Route path="transfers/payment" element={<TransferPaymentReturnPage />} />
          <Route path="transfers/:transferId/receipt" element={<ReleaseReceiptPage />} />
          <Route path="how-transfers-work" element={<HowTransfersWorkPage />} />
          <Route path="verify/:serial" element={<VerifyCertificatePage />} />
          <Route path="check" element={<HullCheckPage />} />
          <Route path="admin" element={<AdminPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="signup" element={<SignupPage />} />
          <Route path="verify-email" element={<VerifyEmailPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="legal/privacy" element={<PrivacyPage />} />
          <Route path="legal/terms" element={<TermsPage />} />
          <Route path="legal/dpia" element={<DpiaPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="dev/mailbox" element={<MailboxPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}

/**
 * Most pages' code is fetched when first shown: the layout stays while it arrives, and if it cannot
 * be fetched (offline, a new release) the page says so and offers to reload, instead of the whole
 * app going blank. Each path gets a fresh try.
 */
function PageCode() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      key={pathname}
      fallback={
        <div role="alert" className="container mx-auto grid justify-items-center gap-4 px-4 py-16 text-center">
          <p>{t("common.pageUnavailable")}</p>
          <Button onClick={() => window.location.reload()}>{t("common.reload")}</Button>
          <TakenOver />
        </div>
      }
    >
      <Suspense
        fallback={
          <p role="status" className="container mx-auto px-4 py-16 text-center text-muted-foreground">
            {t("common.loading")}
          </p>
        }
      >
        <Outlet />
        <TakenOver />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * A page the server sent as HTML (app/prerender.tsx) comes inert (scripts/prerender.mjs): until the
 * app has taken it over, a click would do nothing and a form would be sent by the browser itself,
 * with what it holds in the URL. Once the page's part has been taken over, it is let go.
 */
function TakenOver() {
  useEffect(() => {
    document.getElementById("root")?.removeAttribute("inert");
  }, []);
  return null;
}
