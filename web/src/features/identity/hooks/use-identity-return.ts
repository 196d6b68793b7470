import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import type { User } from "@/api/types";
import { toast } from "@/components/ui/use-toast";
import { currentUserQueryOptions } from "@/lib/auth/get-current-user";

/** Spec section 9: the current user is polled every 2 seconds, for at most 30 seconds. */
export const IDENTITY_POLL_INTERVAL_MS = 2000;
export const IDENTITY_POLL_TIMEOUT_MS = 30_000;

/** The provider sends the browser back to /registry/{platformId}?verified=identity. */
const RETURN_PARAM = "verified";
const RETURN_VALUE = "identity";

/**
 * On the way back from the identity provider: `checking` while polling, then `verified`, `failed`
 * (this check failed; the reason is on the user) or `timedOut`.
 */
export type IdentityReturnPhase = "checking" | "verified" | "failed" | "timedOut";

type Progress = { timedOut: boolean; sawPending: boolean; initialFailure: string | null };

/** `undefined` while the user is loading; null when signed out. */
function phaseOf(user: User | null | undefined, { timedOut, sawPending, initialFailure }: Progress): IdentityReturnPhase | null {
  if (user === null) return null;
  if (user?.identityVerificationStatus === "verified") return "verified";
  const failure = user?.identityFailureCode ?? null;
  // A code left over from an earlier check is not this check's answer: it counts once this check
  // was seen pending, or when it differs from the one the page opened with.
  if (user?.identityVerificationStatus === "not_started" && failure != null && (sawPending || failure !== initialFailure)) {
    return "failed";
  }
  return timedOut ? "timedOut" : "checking";
}

/**
 * Spec section 4: opened with ?verified=identity, the page polls GET /api/auth/session (the shared
 * current-user query, so every view of the user follows) until the identity is verified (toast
 * 'Identity Verified'), the check failed, or 30 seconds have passed; then the flag leaves the address.
 * Null when the page was not opened on the way back (or nobody is signed in).
 */
export function useIdentityReturn({ onVerified }: { onVerified?: () => void } = {}): IdentityReturnPhase | null {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: taking the flag out of the address must not end what it started.
  const [returned] = useState(() => new URLSearchParams(location.search).get(RETURN_PARAM) === RETURN_VALUE);
  const [timedOut, setTimedOut] = useState(false);
  const [sawPending, setSawPending] = useState(false);
  const [initialFailure, setInitialFailure] = useState<string | null | undefined>(undefined);
  const progress: Progress = { timedOut, sawPending, initialFailure: initialFailure ?? null };

  const { data: user } = useQuery({
    ...currentUserQueryOptions(),
    refetchInterval: (query) =>
      returned && phaseOf(query.state.data, progress) === "checking" ? IDENTITY_POLL_INTERVAL_MS : false,
  });

  // What the page opened with, and whether this check has been seen pending (state from earlier renders).
  if (returned && user && initialFailure === undefined) setInitialFailure(user.identityFailureCode ?? null);
  if (returned && !sawPending && user?.identityVerificationStatus === "pending") setSawPending(true);

  const phase = returned ? phaseOf(user, progress) : null;
  const checking = phase === "checking";

  useEffect(() => {
    if (!checking) return;
    const timer = setTimeout(() => setTimedOut(true), IDENTITY_POLL_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [checking]);

  // Once settled: announce a verified identity, and drop the flag so that a reload does not poll again.
  const settled = useRef(false);
  useEffect(() => {
    if (phase == null || phase === "checking" || settled.current) return;
    settled.current = true;
    if (phase === "verified") {
      toast({ title: t("identity.verifiedTitle"), description: t("identity.verifiedDescription") });
      onVerified?.();
    }
    const params = new URLSearchParams(location.search);
    params.delete(RETURN_PARAM);
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash }, { replace: true });
  }, [phase, t, onVerified, location.pathname, location.search, location.hash, navigate]);

  return phase;
}
