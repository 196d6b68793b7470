// The auth feature's public entry: what the app (router) uses. Other code imports the feature only from here.
export { ForgotPasswordPage } from "@/features/auth/components/forgot-password-page";
export { LoginPage } from "@/features/auth/components/login-page";
export { ResetPasswordPage } from "@/features/auth/components/reset-password-page";
export { SignupPage } from "@/features/auth/components/signup-page";
export { VerifyEmailPage } from "@/features/auth/components/verify-email-page";
