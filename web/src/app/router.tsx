import { Route, Routes } from "react-router";
import { Layout } from "@/components/layout/layout";
import { AdminPage } from "@/features/admin/public";
import { VerifyCertificatePage } from "@/features/certificates/public";
import { ForgotPasswordPage, LoginPage, ResetPasswordPage, SignupPage, VerifyEmailPage } from "@/features/auth/public";
import { MailboxPage } from "@/features/devmailbox/public";
import { LandingPage } from "@/features/landing/public";
import { DpiaPage, PrivacyPage, TermsPage } from "@/features/legal/public";
import { NotFoundPage } from "@/features/placeholders/public";
import { ProfilePage } from "@/features/profile/public";
import { RegisterVesselPage } from "@/features/register-vessel/public";
import { HowTransfersWorkPage, ReleaseReceiptPage, TransferPaymentReturnPage } from "@/features/transfers/public";
import {
  DashboardPage,
  RegistrySearchPage,
  TransferPage,
  UploadDocumentsPage,
  VesselDetailPage,
} from "@/features/vessels/public";

/**
 * Every route of the spec's table (section 2), plus password reset, legal pages, the dev mailbox,
 * and the transfers' pages: the fee's return from the card provider, the seller's release
 * receipt and how transfers work (the landing's 'Learn More'); and the public check of a
 * registration certificate, /verify/{serial}, which the certificate's QR code opens.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
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
        <Route path="dev/mailbox" element={<MailboxPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
