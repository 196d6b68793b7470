import { CircleCheck, XCircle } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AdminDocument, ReviewStatus } from "@/api/types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useAdminDocuments, type AdminDocumentFilters } from "@/features/admin/api/get-admin-documents";
import { useReviewDocument } from "@/features/admin/api/review-document";
import { ActionsCell, Cell } from "@/features/admin/components/data-table";
import { DocumentPreviewDialog } from "@/features/admin/components/document-preview-dialog";
import { REVIEW_STATUS_BADGES, REVIEW_STATUSES } from "@/features/admin/components/labels";
import { PagedTable } from "@/features/admin/components/paged-table";
import { ReasonDialog } from "@/features/admin/components/reason-dialog";
import { FilterSelect } from "@/features/admin/components/status-filter";
import { documentLabel } from "@/features/documents/public";
import { errorMessage } from "@/lib/api-client";
import { formatDate, formatKilobytes } from "@/lib/format";

/** The documents review queue (pending first by default): preview, verify, or reject with a reason. */
export function DocumentsTab() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AdminDocumentFilters>({ status: "pending" });
  const [page, setPage] = useState(1);
  const documents = useAdminDocuments(filters, page);

  return (
    <>
      <div className="grid gap-4 sm:max-w-xs">
        <FilterSelect<ReviewStatus>
          id="admin-documents-status"
          label={t("admin.documents.status")}
          value={filters.status}
          values={REVIEW_STATUSES}
          labelPrefix="admin.reviewStatus"
          withAll={false}
          onChange={(status) => {
            if (status) setFilters({ status });
            setPage(1);
          }}
        />
      </div>
      <PagedTable
        query={documents}
        caption={t("admin.documents.caption")}
        columns={[
          t("admin.documents.vessel"),
          t("admin.documents.type"),
          t("admin.documents.file"),
          t("admin.documents.size"),
          t("admin.documents.uploaded"),
          t("admin.documents.uploadedBy"),
          t("admin.documents.status"),
          t("admin.actions"),
        ]}
        empty={t(`admin.documents.empty.${filters.status}`)}
        renderRow={(doc) => <DocumentRow doc={doc} />}
        page={page}
        onPage={setPage}
        showingKey="admin.documents.showing"
        label={t("admin.documents.pagination")}
      />
    </>
  );
}

function DocumentRow({ doc }: { doc: AdminDocument }) {
  const { t, i18n } = useTranslation();
  const review = useReviewDocument();
  const label = documentLabel(t, doc);
  const platformId = doc.vesselPlatformId;
  const names = { name: doc.fileName, platformId };

  const verify = () =>
    review.mutate(
      { id: doc.id, decision: "verified" },
      {
        onSuccess: () => toast({ title: t("admin.documents.verifiedTitle"), description: t("admin.documents.verified", names) }),
        onError: (err) =>
          toast({
            variant: "destructive",
            title: t("admin.documents.reviewFailedTitle"),
            error: err,
            description: errorMessage(err, t("common.genericError")),
          }),
      },
    );

  return (
    <tr>
      <Cell>
        <Link
          to={`/registry/${encodeURIComponent(platformId)}`}
          className="font-mono text-xs font-semibold text-primary underline-offset-4 hover:underline"
        >
          {platformId}
        </Link>
        <p className="font-medium">{doc.vesselName || t("vessel.unnamed")}</p>
      </Cell>
      <Cell>{label}</Cell>
      <Cell className="max-w-64 break-all">{doc.fileName}</Cell>
      <Cell className="whitespace-nowrap">{formatKilobytes(doc.sizeBytes, i18n.language)}</Cell>
      <Cell className="whitespace-nowrap">{formatDate(doc.uploadedAt, i18n.language, true)}</Cell>
      <Cell className="max-w-56 break-all">
        {doc.uploadedByEmail}
        <p className="mt-1">
          <Badge variant={doc.previousOwner ? "secondary" : "outline"}>
            {doc.previousOwner ? t("admin.documents.previousOwner") : t("admin.documents.currentOwner")}
          </Badge>
        </p>
      </Cell>
      <Cell>
        <Badge variant={REVIEW_STATUS_BADGES[doc.reviewStatus]}>{t(`admin.reviewStatus.${doc.reviewStatus}`)}</Badge>
        {doc.reviewStatus === "rejected" && doc.reviewReason ? (
          <p className="mt-1 max-w-56 text-xs text-muted-foreground">{doc.reviewReason}</p>
        ) : null}
      </Cell>
      <ActionsCell>
        <DocumentPreviewDialog doc={doc} label={label} />
        {doc.reviewStatus === "pending" ? (
          <>
            <Button
              variant="outline"
              size="sm"
              disabled={review.isPending}
              onClick={verify}
              aria-label={t("admin.documents.verifyNamed", { name: doc.fileName })}
            >
              <CircleCheck aria-hidden="true" />
              {t("admin.documents.verify")}
            </Button>
            <ReasonDialog
              triggerLabel={t("admin.documents.reject")}
              triggerAriaLabel={t("admin.documents.rejectNamed", { name: doc.fileName })}
              triggerIcon={<XCircle aria-hidden="true" />}
              disabled={review.isPending}
              title={t("admin.documents.rejectTitle")}
              description={t("admin.documents.rejectDescription", { ...names, type: label })}
              confirmLabel={t("admin.documents.reject")}
              onConfirm={(reason) => review.mutateAsync({ id: doc.id, decision: "rejected", reason })}
              onDone={() =>
                toast({ title: t("admin.documents.rejectedTitle"), description: t("admin.documents.rejected", names) })
              }
            />
          </>
        ) : null}
      </ActionsCell>
    </tr>
  );
}
