// The profile feature's public entry. Other code imports the feature only from here.

// The vessel page's 'Verify Mobile': the same flow as the profile's mobile number.
export { PhoneVerification } from "@/features/profile/components/phone-verification";
