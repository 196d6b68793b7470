// The legal pages' public entry: what the app (router) uses. Other code imports the feature only from here.
export { DpiaPage } from "@/features/legal/components/dpia-page";
export { PrivacyPage } from "@/features/legal/components/privacy-page";
export { TermsPage } from "@/features/legal/components/terms-page";
