// The pages of this feature for the app's router. Most are fetched when first shown (a chunk
// each), so the landing and registry pages load little; other features import public.ts.
import { lazyPage } from "@/lib/lazy-page";

export const DpiaPage = lazyPage(() => import("@/features/legal/components/dpia-page"), "DpiaPage");
export const PrivacyPage = lazyPage(() => import("@/features/legal/components/privacy-page"), "PrivacyPage");
export const TermsPage = lazyPage(() => import("@/features/legal/components/terms-page"), "TermsPage");
export const ContactPage = lazyPage(() => import("@/features/legal/components/contact-page"), "ContactPage");
