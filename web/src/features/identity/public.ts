// The identity feature's public entry: starting an identity check and following it on the way back.
// Other code imports the feature only from here.

// The vessel page's 'Complete Your Verification' checklist.
export { VerifyIdentityButton } from "@/features/identity/components/verify-identity-button";
export { identityFailureMessage } from "@/features/identity/components/failure-message";
// The vessel page opened with ?verified=identity.
export { IdentityReturnNotice } from "@/features/identity/components/identity-return-notice";
