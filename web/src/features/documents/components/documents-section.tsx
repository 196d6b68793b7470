import { CircleCheck, Clock, Download, FileText, Trash2, Upload, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Document, ReviewStatus } from "@/api/types";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { useDeleteDocument } from "@/features/documents/api/delete-document";
import { documentDownloadPath } from "@/features/documents/api/download-document";
import { useDocuments, usePreviousOwnersDocuments } from "@/features/documents/api/get-documents";
import { documentLabel, REVIEW_STATUS_KEYS } from "@/features/documents/components/document-labels";
import { errorMessage } from "@/lib/api-client";
import { formatDate, formatKilobytes } from "@/lib/format";

/**
 * The owner's documents on the vessel's page: each with its type (or own name), file name, size,
 * upload date and review status (with the reason when rejected), a download link, and for those
 * not yet verified a delete confirmed in a dialog. `onChanged` tells the page a document went, so
 * that the vessel's counts are read again.
 */
export function DocumentsSection({
  platformId,
  canUpload = true,
  onChanged,
}: {
  platformId: string;
  /** The vessel still takes documents (pending payment, active or in transfer). */
  canUpload?: boolean;
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  const documents = useDocuments(platformId);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid min-w-64 flex-1 basis-64 gap-1.5">
          <CardTitle id="documents-title" className="flex items-center gap-2">
            <FileText className="size-5 text-primary" aria-hidden="true" />
            {t("documents.title")}
          </CardTitle>
          <CardDescription>{t("documents.description")}</CardDescription>
        </div>
        {canUpload ? (
          <Button asChild variant="outline" size="sm">
            <Link to={`/registry/${encodeURIComponent(platformId)}/upload-documents`}>
              <Upload aria-hidden="true" />
              {t("vesselDetail.uploadDocuments")}
            </Link>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {documents.isPending ? (
          <div role="status" aria-label={t("common.loading")} className="grid gap-2">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : documents.isError ? (
          <Alert variant="destructive" role="alert">
            {errorMessage(documents.error, t("documents.loadFailed"))}
          </Alert>
        ) : documents.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("documents.empty")}</p>
        ) : (
          <ul aria-labelledby="documents-title" className="grid gap-3">
            {documents.data.map((doc) => (
              <DocumentRow key={doc.id} doc={doc} platformId={platformId} onChanged={onChanged} />
            ))}
          </ul>
        )}
        <PreviousOwnersDocuments platformId={platformId} />
      </CardContent>
    </Card>
  );
}

/** That previous owners left documents with the vessel's record: their kind and date, never the file. */
function PreviousOwnersDocuments({ platformId }: { platformId: string }) {
  const { t, i18n } = useTranslation();
  const previous = usePreviousOwnersDocuments(platformId);
  if (!previous.data || previous.data.length === 0) return null;
  return (
    <section aria-labelledby="previous-documents-title" className="mt-6 grid gap-2">
      <h3 id="previous-documents-title" className="text-sm font-semibold">
        {t("documents.previousOwners.title")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("documents.previousOwners.description")}</p>
      <ul aria-labelledby="previous-documents-title" className="grid gap-1 text-sm">
        {previous.data.map((doc, i) => (
          <li key={`${doc.uploadedAt}-${i}`} className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{documentLabel(t, doc)}</span>
            <span className="text-muted-foreground">{formatDate(doc.uploadedAt, i18n.language)}</span>
            <Badge variant="secondary">{t("documents.previousOwners.badge")}</Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}

const STATUS_BADGE: Record<ReviewStatus, "warning" | "success" | "destructive"> = {
  pending: "warning",
  verified: "success",
  rejected: "destructive",
};

function StatusIcon({ status }: { status: ReviewStatus }) {
  if (status === "verified") return <CircleCheck aria-hidden="true" />;
  if (status === "rejected") return <XCircle aria-hidden="true" />;
  return <Clock aria-hidden="true" />;
}

function DocumentRow({ doc, platformId, onChanged }: { doc: Document; platformId: string; onChanged?: () => void }) {
  const { t, i18n } = useTranslation();
  const label = documentLabel(t, doc);

  return (
    <li className="grid gap-3 rounded-md border border-border p-4 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium">{label}</p>
          <Badge variant={STATUS_BADGE[doc.reviewStatus]}>
            <StatusIcon status={doc.reviewStatus} />
            {t(REVIEW_STATUS_KEYS[doc.reviewStatus])}
          </Badge>
        </div>
        <p className="truncate text-sm" title={doc.fileName}>
          {doc.fileName}
        </p>
        <p className="text-sm text-muted-foreground">
          {t("documents.meta", {
            size: formatKilobytes(doc.sizeBytes, i18n.language),
            date: formatDate(doc.uploadedAt, i18n.language),
          })}
        </p>
        {doc.reviewStatus === "rejected" && doc.reviewReason ? (
          <p className="text-sm text-destructive">{t("documents.rejectedReason", { reason: doc.reviewReason })}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a
            href={documentDownloadPath(doc.id)}
            download={doc.fileName}
            aria-label={t("documents.downloadNamed", { name: doc.fileName })}
          >
            <Download aria-hidden="true" />
            {t("documents.download")}
          </a>
        </Button>
        {doc.reviewStatus === "verified" ? null : (
          <DeleteDocumentButton doc={doc} label={label} platformId={platformId} onDeleted={onChanged} />
        )}
      </div>
    </li>
  );
}

function DeleteDocumentButton({
  doc,
  label,
  platformId,
  onDeleted,
}: {
  doc: Document;
  label: string;
  platformId: string;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteDocument(platformId);

  const onConfirm = () =>
    remove.mutate(doc.id, {
      onSuccess: () => {
        toast({ title: t("documents.deletedTitle"), description: t("documents.deletedDescription", { name: doc.fileName }) });
        onDeleted?.();
      },
      onError: (err) =>
        toast({
          variant: "destructive",
          title: t("documents.deleteFailedTitle"),
          error: err,
          description: errorMessage(err, t("common.genericError")),
        }),
    });

  return (
    <ConfirmButton
      variant="outline"
      size="sm"
      disabled={remove.isPending}
      aria-label={t("documents.deleteNamed", { name: doc.fileName })}
      title={t("documents.deleteConfirmTitle")}
      description={t("documents.deleteConfirmDescription", { name: doc.fileName, type: label })}
      cancelLabel={t("documents.keep")}
      confirmLabel={t("documents.delete")}
      onConfirm={onConfirm}
    >
      <Trash2 aria-hidden="true" />
      {t("documents.delete")}
    </ConfirmButton>
  );
}
