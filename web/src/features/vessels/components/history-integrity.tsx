import { Copy, ShieldAlert, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { useHistoryVerification } from "@/features/vessels/api/get-history-verification";
import { inclusionProofPath, useLatestTreeHead } from "@/features/vessels/api/get-latest-tree-head";
import { ApiError } from "@/lib/api-client";
import { formatDate, formatNumber } from "@/lib/format";

/** "3f9a2c41d0b7…e41a09c2": enough to compare by eye; the full value is in the title and the copy button. */
export function shortHash(hash: string): string {
  return hash.length > 24 ? `${hash.slice(0, 12)}…${hash.slice(-8)}` : hash;
}

/**
 * The vessel's tamper-evident ownership history: the server recomputes the hash chain of its
 * ownership events, and this says whether it holds ('History integrity verified', with the head
 * hash and a link to its inclusion proof in the public log) or not (a warning), with a short
 * account of how anyone can check it.
 */
export function HistoryIntegrity({ platformId }: { platformId: string }) {
  const { t, i18n } = useTranslation();
  const report = useHistoryVerification(platformId);

  if (report.isPending) return <Skeleton className="h-28 w-full" />;
  if (report.isError) {
    // Not public (or not found): the vessel page says so already.
    if (report.error instanceof ApiError && report.error.status === 404) return null;
    return (
      <Card>
        <CardContent className="pt-6 text-sm text-muted-foreground">{t("historyChain.unavailable")}</CardContent>
      </Card>
    );
  }
  const { valid, headHash, events, firstInvalid, problem } = report.data;
  const apiPath = `/api/vessels/${encodeURIComponent(platformId)}/history/verify`;

  const copy = (hash: string) => {
    void navigator.clipboard
      .writeText(hash)
      .then(() => toast({ title: t("historyChain.copiedTitle"), description: shortHash(hash) }))
      .catch(() => toast({ variant: "destructive", title: t("common.error"), description: t("historyChain.copyFailed") }));
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {valid ? (
            <ShieldCheck className="size-5 text-success" aria-hidden="true" />
          ) : (
            <ShieldAlert className="size-5 text-destructive" aria-hidden="true" />
          )}
          {t("historyChain.title")}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!valid ? (
          <Alert variant="destructive" role="alert" className="grid gap-1">
            <p className="font-semibold">{t("historyChain.invalidTitle")}</p>
            <p>
              {firstInvalid != null
                ? t("historyChain.invalidFrom", { sequence: firstInvalid })
                : t("historyChain.invalidDescription")}
            </p>
            {problem ? <p className="text-foreground">{problem}</p> : null}
          </Alert>
        ) : headHash ? (
          <div className="grid gap-2">
            <p className="flex items-center gap-2 font-medium text-success">
              <ShieldCheck className="size-4" aria-hidden="true" />
              {t("historyChain.verified")}
            </p>
            <PublicLog platformId={platformId} firstEventMs={events[0]?.occurredAtMs} />
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="text-muted-foreground">{t("historyChain.headHash")}</span>
              <code title={headHash} className="rounded bg-muted px-1.5 py-0.5 font-mono">
                {shortHash(headHash)}
              </code>
              <Button variant="ghost" size="sm" onClick={() => copy(headHash)} aria-label={t("historyChain.copy")}>
                <Copy aria-hidden="true" />
              </Button>
            </div>
            <p className="text-sm text-muted-foreground">{t("historyChain.events", { count: events.length })}</p>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t("historyChain.empty")}</p>
        )}

        <details className="group rounded-md border border-border p-3 text-sm">
          <summary className="cursor-pointer font-medium">{t("historyChain.howTitle")}</summary>
          <div className="mt-3 grid gap-3">
            <p>{t("historyChain.howChain")}</p>
            <p>{t("historyChain.howPrivacy")}</p>
            <p>
              {t("historyChain.howCheck")}{" "}
              <a href={apiPath} className="break-all font-mono text-primary underline underline-offset-4">
                {apiPath}
              </a>
            </p>
            {events.length > 0 ? (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-xs">
                  <caption className="sr-only">{t("historyChain.tableCaption")}</caption>
                  <thead>
                    <tr className="border-b border-border">
                      <th scope="col" className="py-1 pr-3">
                        #
                      </th>
                      <th scope="col" className="py-1 pr-3">
                        {t("historyChain.event")}
                      </th>
                      <th scope="col" className="py-1 pr-3">
                        {t("historyChain.date")}
                      </th>
                      <th scope="col" className="py-1">
                        {t("historyChain.hash")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {events.map((event) => (
                      <tr key={event.sequence} className="border-b border-border last:border-0">
                        <td className="py-1 pr-3">{event.sequence}</td>
                        <td className="py-1 pr-3">{t(`historyChain.eventTypes.${event.eventType}`)}</td>
                        <td className="py-1 pr-3">{formatDate(event.occurredAt, i18n.language)}</td>
                        <td className="py-1 font-mono" title={event.hash}>
                          {shortHash(event.hash)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
          </div>
        </details>
      </CardContent>
    </Card>
  );
}

/**
 * The vessel's place in the registry's public log (docs/TRANSPARENCY.md): a link to the JSON proof
 * that its history is in the newest signed tree head, or 'not yet' while no head is published.
 * Nothing while that is being asked or cannot be: the chain's check above stands on its own.
 */
function PublicLog({ platformId, firstEventMs }: { platformId: string; firstEventMs: number | undefined }) {
  const { t, i18n } = useTranslation();
  const head = useLatestTreeHead();
  if (head.isPending || head.isError) return null;
  // A vessel whose first event came after the newest head is logged at the next one: say so rather
  // than link to a proof that does not exist yet.
  if (!head.data || firstEventMs === undefined || firstEventMs > Date.parse(head.data.timestamp)) {
    return <p className="text-sm text-muted-foreground">{t("historyChain.notInLog")}</p>;
  }
  return (
    <p className="text-sm">
      <a
        href={inclusionProofPath(platformId, head.data.treeSize)}
        className="font-medium text-primary underline underline-offset-4 hover:no-underline"
      >
        {t("historyChain.inclusionProof")}
      </a>{" "}
      <span className="text-muted-foreground">
        {t("historyChain.inclusionProofHint", {
          date: formatDate(head.data.timestamp, i18n.language, true),
          size: formatNumber(head.data.treeSize, i18n.language),
        })}
      </span>
    </p>
  );
}
