// The profile feature's public entry. Other code imports the feature only from here.
import { lazyPart } from "@/lib/lazy-part";

// The vessel page's 'Verify Mobile': the same flow as the profile's mobile number, fetched when the
// dialog opens (lazyPart).
export const PhoneVerification = lazyPart(() => import("@/features/profile/components/phone-verification"), "PhoneVerification");
