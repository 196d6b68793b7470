import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { SessionInfo } from "@/api/types";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { useEndOtherSessions } from "@/features/profile/api/end-other-sessions";
import { useEndSession } from "@/features/profile/api/end-session";
import { useSessions } from "@/features/profile/api/get-sessions";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";

/** The id of the profile's sessions card: sign-in alert emails link to /profile#sessions. */
export const SESSIONS_ANCHOR = "sessions";

/** The family names the server reads from the User-Agent, or `unknown`. */
const UNKNOWN = "unknown";

/**
 * The account's sessions: each browser on its platform, when it signed in and was last active,
 * "This browser" for the reader's own; any other can be signed out, or all of them at once.
 */
export function Sessions() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  useScrollIntoViewOnceListed(sessions.isSuccess);

  const onEndOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) => toast({ title: t("sessions.signedOutOthers", { count: ended }) }),
      onError: (err) =>
        toast({
          variant: "destructive",
          title: t("sessions.signOutFailed"),
          error: err,
          description: errorMessage(err, t("common.genericError")),
        }),
    });

  if (sessions.isPending) {
    return (
      <div role="status" aria-label={t("common.loading")} className="grid gap-2">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (sessions.isError) {
    return (
      <Alert variant="destructive" role="alert">
        {errorMessage(sessions.error, t("common.genericError"))}
      </Alert>
    );
  }
  const others = sessions.data.filter((session) => !session.current).length;
  return (
    <div className="grid gap-4">
      <ul aria-label={t("sessions.listLabel")} className="divide-y divide-border rounded-md border border-border">
        {sessions.data.map((session) => (
          <SessionItem key={session.id} session={session} />
        ))}
      </ul>
      {others > 0 ? (
        <div>
          <ConfirmButton
            variant="outline"
            disabled={endOthers.isPending}
            title={t("sessions.signOutOthersTitle")}
            description={t("sessions.signOutOthersDescription")}
            cancelLabel={t("common.cancel")}
            confirmLabel={t("sessions.signOutOthers")}
            onConfirm={onEndOthers}
          >
            {t("sessions.signOutOthers")}
          </ConfirmButton>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t("sessions.noOthers")}</p>
      )}
    </div>
  );
}

function SessionItem({ session }: { session: SessionInfo }) {
  const { t, i18n } = useTranslation();
  const end = useEndSession();
  const device = t("sessions.device", {
    browser: session.browser === UNKNOWN ? t("sessions.unknownBrowser") : session.browser,
    platform: session.platform === UNKNOWN ? t("sessions.unknownPlatform") : session.platform,
  });
  const lastSeen = formatDate(session.lastSeenAt, i18n.language, true);

  const onEnd = () =>
    end.mutate(session.id, {
      onSuccess: () => toast({ title: t("sessions.signedOutTitle"), description: device }),
      onError: (err) =>
        toast({
          variant: "destructive",
          title: t("sessions.signOutFailed"),
          error: err,
          description: errorMessage(err, t("common.genericError")),
        }),
    });

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{device}</span>
          {session.current ? <Badge variant="success">{t("sessions.current")}</Badge> : null}
        </p>
        <p className="text-sm text-muted-foreground">
          {t("sessions.started", { date: formatDate(session.createdAt, i18n.language, true) })}
          {" · "}
          {t("sessions.lastSeen", { date: lastSeen })}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          onClick={onEnd}
          disabled={end.isPending}
          aria-label={t("sessions.signOutLabel", { device, date: lastSeen })}
        >
          {t("sessions.signOut")}
        </Button>
      )}
    </li>
  );
}

/**
 * Opened from a sign-in alert's link (/profile#sessions): the layout looks for the anchor before
 * this page's code and the list have arrived, so the list brings itself into view once shown.
 */
function useScrollIntoViewOnceListed(listed: boolean) {
  const { hash } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (!listed || done.current || hash !== `#${SESSIONS_ANCHOR}`) return;
    done.current = true;
    document.getElementById(SESSIONS_ANCHOR)?.scrollIntoView({ block: "start" });
  }, [listed, hash]);
}
