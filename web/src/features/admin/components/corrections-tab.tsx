import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CorrectionRequest, CorrectionRequestStatus } from "@/api/types";
import { Badge } from "@/components/ui/badge";
import { toast } from "@/components/ui/use-toast";
import { useDecideCorrectionRequest } from "@/features/admin/api/decide-correction-request";
import { useAdminCorrectionRequests } from "@/features/admin/api/get-admin-correction-requests";
import { CorrectionDecisionDialog } from "@/features/admin/components/correction-decision-dialog";
import { ActionsCell, Cell, DataTable } from "@/features/admin/components/data-table";
import { CORRECTION_STATUS_BADGES, CORRECTION_STATUSES } from "@/features/admin/components/labels";
import { EmptyState, LoadError, LoadingRows } from "@/features/admin/components/list-states";
import { FilterSelect } from "@/features/admin/components/status-filter";
import { formatDate } from "@/lib/format";
import { particularLabel, particularValueText } from "@/lib/particulars";

/**
 * The owners' requests to correct what identifies a vessel (pending first by default, oldest
 * first): the vessel, the particular, the registered value and the one asked for, the owner's
 * reason, who asked and when; approve (with an optional note) or reject (with a note).
 */
export function CorrectionsTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<CorrectionRequestStatus>("pending");
  const requests = useAdminCorrectionRequests(status);

  return (
    <>
      <div className="grid gap-4 sm:max-w-xs">
        <FilterSelect<CorrectionRequestStatus>
          id="admin-corrections-status"
          label={t("admin.corrections.status")}
          value={status}
          values={CORRECTION_STATUSES}
          labelPrefix="admin.correctionStatus"
          withAll={false}
          onChange={(next) => {
            if (next) setStatus(next);
          }}
        />
      </div>
      {requests.isPending ? (
        <LoadingRows />
      ) : requests.isError ? (
        <LoadError error={requests.error} />
      ) : requests.data.length === 0 ? (
        <EmptyState>{t(`admin.corrections.empty.${status}`)}</EmptyState>
      ) : (
        <DataTable
          caption={t("admin.corrections.caption")}
          columns={[
            t("admin.corrections.vessel"),
            t("admin.corrections.field"),
            t("admin.corrections.change"),
            t("admin.corrections.reason"),
            t("admin.corrections.requestedBy"),
            t("admin.corrections.status"),
            t("admin.actions"),
          ]}
        >
          {requests.data.map((request) => (
            <CorrectionRow key={request.id} request={request} />
          ))}
        </DataTable>
      )}
    </>
  );
}

function CorrectionRow({ request }: { request: CorrectionRequest }) {
  const { t, i18n } = useTranslation();
  const decide = useDecideCorrectionRequest();
  const field = particularLabel(request.field, t);
  const value = (text: string | null | undefined) => particularValueText(request.field, text, t, i18n.language);
  const names = { field, platformId: request.platformId, from: value(request.currentValue), to: value(request.value) };

  return (
    <tr>
      <Cell>
        <Link
          to={`/registry/${encodeURIComponent(request.platformId)}`}
          className="font-mono text-xs font-semibold whitespace-nowrap text-primary underline-offset-4 hover:underline"
        >
          {request.platformId}
        </Link>
        <p className="font-medium">{request.vesselName || t("vessel.unnamed")}</p>
      </Cell>
      <Cell>{field}</Cell>
      <Cell className="max-w-64 break-words">
        {request.status === "pending" ? (
          <>
            <span className="text-muted-foreground">{names.from}</span> → <span className="font-medium">{names.to}</span>
          </>
        ) : (
          <span className="font-medium">{names.to}</span>
        )}
      </Cell>
      <Cell className="max-w-72 break-words">{request.reason}</Cell>
      <Cell className="max-w-56 break-all">
        {request.requestedByEmail ?? t("vessel.notRecorded")}
        <p className="mt-1 whitespace-nowrap text-xs text-muted-foreground">
          <time dateTime={request.requestedAt}>{formatDate(request.requestedAt, i18n.language, true)}</time>
        </p>
      </Cell>
      <Cell>
        <Badge variant={CORRECTION_STATUS_BADGES[request.status]}>{t(`admin.correctionStatus.${request.status}`)}</Badge>
        {request.decisionNote ? <p className="mt-1 max-w-56 text-xs text-muted-foreground">{request.decisionNote}</p> : null}
      </Cell>
      <ActionsCell>
        {request.status === "pending" ? (
          <>
            <CorrectionDecisionDialog
              decision="approve"
              triggerAriaLabel={t("admin.corrections.approveNamed", names)}
              description={t("admin.corrections.approveDescription", names)}
              disabled={decide.isPending}
              onConfirm={(note) => decide.mutateAsync({ id: request.id, decision: "approve", note })}
              onDone={() =>
                toast({ title: t("admin.corrections.approvedTitle"), description: t("admin.corrections.approved", names) })
              }
            />
            <CorrectionDecisionDialog
              decision="reject"
              triggerAriaLabel={t("admin.corrections.rejectNamed", names)}
              description={t("admin.corrections.rejectDescription", names)}
              disabled={decide.isPending}
              onConfirm={(note) => decide.mutateAsync({ id: request.id, decision: "reject", note })}
              onDone={() =>
                toast({ title: t("admin.corrections.rejectedTitle"), description: t("admin.corrections.rejected", names) })
              }
            />
          </>
        ) : null}
      </ActionsCell>
    </tr>
  );
}
