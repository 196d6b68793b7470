import { ClipboardList, Download, Pencil, Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Document, RecordEntry } from "@/api/types";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { documentDownloadPath, documentLabel, useDocuments } from "@/features/documents/public";
import { useDeleteRecordEntry } from "@/features/vessel-record/api/delete-record-entry";
import { useRecord } from "@/features/vessel-record/api/get-record";
import { RecordEntryDialog } from "@/features/vessel-record/components/record-entry-dialog";
import { errorMessage } from "@/lib/api-client";
import { formatDate, formatEuroCents } from "@/lib/format";

/**
 * The vessel's value & maintenance record, for its current owner: the latest valuation and the
 * total spent, then every entry newest first. The owner adds entries and edits or deletes their
 * own; entries by earlier owners came with the vessel and are read-only, their author shown only
 * as 'Previous owner'.
 */
export function VesselRecordSection({ platformId, editable = true }: { platformId: string; editable?: boolean }) {
  const { t, i18n } = useTranslation();
  const record = useRecord(platformId);
  const documents = useDocuments(platformId);
  const docs = documents.data ?? [];
  const money = (cents: number) => formatEuroCents(cents, i18n.language);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid min-w-64 flex-1 basis-64 gap-1.5">
          <CardTitle id="vessel-record-title" className="flex items-center gap-2">
            <ClipboardList className="size-5 text-primary" aria-hidden="true" />
            {t("vesselRecord.title")}
          </CardTitle>
          <CardDescription>{t("vesselRecord.description")}</CardDescription>
        </div>
        {record.isSuccess && editable ? (
          <RecordEntryDialog
            platformId={platformId}
            documents={docs}
            trigger={
              <Button variant="outline" size="sm">
                <Plus aria-hidden="true" />
                {t("vesselRecord.addEntry")}
              </Button>
            }
          />
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-6">
        {record.isPending ? (
          <div role="status" aria-label={t("common.loading")} className="grid gap-2">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : record.isError ? (
          <Alert variant="destructive" role="alert">
            {errorMessage(record.error, t("vesselRecord.loadFailed"))}
          </Alert>
        ) : (
          <>
            <dl className="grid gap-4 sm:grid-cols-2">
              <Stat label={t("vesselRecord.latestValuation")}>
                {record.data.latestValuationCents != null ? (
                  money(record.data.latestValuationCents)
                ) : (
                  <span className="text-base font-normal text-muted-foreground">{t("vesselRecord.noValuation")}</span>
                )}
              </Stat>
              <Stat label={t("vesselRecord.totalSpent")}>{money(record.data.totalSpentCents)}</Stat>
            </dl>
            {record.data.entries.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("vesselRecord.empty")}</p>
            ) : (
              <ol aria-labelledby="vessel-record-title" className="grid gap-3">
                {record.data.entries.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} platformId={platformId} documents={docs} editable={editable} />
                ))}
              </ol>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 rounded-md border border-border p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold">{children}</dd>
    </div>
  );
}

function EntryRow({
  entry,
  platformId,
  documents,
  editable,
}: {
  entry: RecordEntry;
  platformId: string;
  documents: readonly Document[];
  /** False once the vessel is out of the registry: its record stays as it was. */
  editable: boolean;
}) {
  const { t, i18n } = useTranslation();
  const linked = entry.documentId ? documents.find((d) => d.id === entry.documentId) : undefined;
  const amount =
    entry.amountCents != null
      ? t(entry.kind === "valuation" ? "vesselRecord.value" : "vesselRecord.cost", {
          amount: formatEuroCents(entry.amountCents, i18n.language),
        })
      : null;
  const date = formatDate(`${entry.date}T12:00:00`, i18n.language);

  return (
    <li className="grid gap-3 rounded-md border border-border p-4 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium">
            <time dateTime={entry.date}>{date}</time>
          </p>
          <Badge variant="secondary">{t(`vesselRecord.kinds.${entry.kind}`)}</Badge>
          {amount ? <span className="text-sm font-medium">{amount}</span> : null}
        </div>
        <p className="whitespace-pre-line text-sm">{entry.description}</p>
        {linked ? (
          <p className="text-sm">
            <a
              href={documentDownloadPath(linked.id)}
              download={linked.fileName}
              className="inline-flex items-center gap-1 text-primary underline"
            >
              <Download className="size-3.5" aria-hidden="true" />
              {t("vesselRecord.linkedDocument", { name: `${documentLabel(t, linked)} – ${linked.fileName}` })}
            </a>
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          {entry.byCurrentOwner ? t("vesselRecord.byYou") : t("vesselRecord.byPreviousOwner")}
        </p>
      </div>
      {entry.byCurrentOwner && editable ? (
        <div className="flex flex-wrap gap-2">
          <RecordEntryDialog
            platformId={platformId}
            entry={entry}
            documents={documents}
            trigger={
              <Button variant="outline" size="sm" aria-label={t("vesselRecord.editNamed", { date })}>
                <Pencil aria-hidden="true" />
                {t("vesselRecord.edit")}
              </Button>
            }
          />
          <DeleteEntryButton entry={entry} date={date} platformId={platformId} />
        </div>
      ) : null}
    </li>
  );
}

function DeleteEntryButton({ entry, date, platformId }: { entry: RecordEntry; date: string; platformId: string }) {
  const { t } = useTranslation();
  const remove = useDeleteRecordEntry(platformId);
  const onConfirm = () =>
    remove.mutate(
      { platformId, entryId: entry.id },
      {
        onSuccess: () => toast({ title: t("vesselRecord.deletedTitle") }),
        onError: (err) =>
          toast({
            variant: "destructive",
            title: t("vesselRecord.deleteFailedTitle"),
            error: err,
            description: errorMessage(err, t("common.genericError")),
          }),
      },
    );

  return (
    <ConfirmButton
      variant="outline"
      size="sm"
      disabled={remove.isPending}
      aria-label={t("vesselRecord.deleteNamed", { date })}
      title={t("vesselRecord.deleteConfirmTitle")}
      description={t("vesselRecord.deleteConfirmDescription", { date })}
      cancelLabel={t("vesselRecord.keep")}
      confirmLabel={t("vesselRecord.delete")}
      onConfirm={onConfirm}
    >
      <Trash2 aria-hidden="true" />
      {t("vesselRecord.delete")}
    </ConfirmButton>
  );
}
