import { lazy, Suspense } from "react";
import { useLocation } from "react-router";
import { ErrorBoundary } from "@/components/ui/error-boundary";
import { useCurrentUser } from "@/lib/auth/get-current-user";

// Fetched only for the accounts that see it: a guest's first load carries none of it.
const EmailVerificationNotice = lazy(() =>
  import("@/components/layout/email-verification-notice").then((m) => ({ default: m.EmailVerificationNotice })),
);

/** Pages that speak of the email themselves: the profile's own notice, and the link's page. */
const SAYS_IT_ITSELF = ["/profile", "/verify-email"];

/**
 * Under the header of every page, for a signed-in account whose email is not verified yet (the
 * session's `emailVerifiedAt`): a banner that says so and sends the link again.
 */
export function EmailVerificationBanner() {
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  if (!user || user.emailVerifiedAt || SAYS_IT_ITSELF.includes(pathname)) return null;
  // Should its code not arrive (offline, a new release), there is no banner, and the page stays.
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <EmailVerificationNotice user={user} />
      </Suspense>
    </ErrorBoundary>
  );
}
