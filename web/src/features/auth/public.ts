// The auth feature's public entry. Other code imports the feature only from here.

// Mounted once by the app (app/providers.tsx): the dialog that asks to sign in again before a
// sensitive action, and then lets the refused request be sent again.
export { ReauthenticationProvider } from "@/features/auth/components/reauthentication-provider";
