// The pages of this feature for the app's router. Most are fetched when first shown (a chunk
// each), so the landing and registry pages load little; other features import public.ts.
import { lazyPage } from "@/lib/lazy-page";

export const ForgotPasswordPage = lazyPage(() => import("@/features/auth/components/forgot-password-page"), "ForgotPasswordPage");
export const LoginPage = lazyPage(() => import("@/features/auth/components/login-page"), "LoginPage");
export const ResetPasswordPage = lazyPage(() => import("@/features/auth/components/reset-password-page"), "ResetPasswordPage");
export const SignupPage = lazyPage(() => import("@/features/auth/components/signup-page"), "SignupPage");
export const VerifyEmailPage = lazyPage(() => import("@/features/auth/components/verify-email-page"), "VerifyEmailPage");
