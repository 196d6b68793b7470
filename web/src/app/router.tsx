import { Route, Routes } from "react-router";
import { Layout } from "@/components/layout/layout";
import { ForgotPasswordPage } from "@/features/auth/components/forgot-password-page";
import { LoginPage } from "@/features/auth/components/login-page";
import { ResetPasswordPage } from "@/features/auth/components/reset-password-page";
import { SignupPage } from "@/features/auth/components/signup-page";
import { VerifyEmailPage } from "@/features/auth/components/verify-email-page";
import { MailboxPage } from "@/features/devmailbox/components/mailbox-page";
import { LandingPage } from "@/features/landing/components/landing-page";
import { DpiaPage } from "@/features/legal/components/dpia-page";
import { PrivacyPage } from "@/features/legal/components/privacy-page";
import { TermsPage } from "@/features/legal/components/terms-page";
import { NotFoundPage } from "@/features/placeholders/components/not-found-page";
import {
  AdminPage,
  TransferPage,
  UploadDocumentsPage,
} from "@/features/placeholders/components/placeholder-pages";
import { ProfilePage } from "@/features/profile/components/profile-page";
import { RegisterVesselPage } from "@/features/register-vessel/components/register-vessel-page";
import { DashboardPage } from "@/features/vessels/components/dashboard-page";
import { RegistrySearchPage } from "@/features/vessels/components/registry-search-page";
import { VesselDetailPage } from "@/features/vessels/components/vessel-detail-page";

/** Every route of the spec's table (section 2), plus password reset, legal pages and the dev mailbox. */
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
