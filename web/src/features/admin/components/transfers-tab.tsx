import type { TFunction } from "i18next";
import { X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AdminTransfer, TransferStatus } from "@/api/types";
import { Badge } from "@/components/ui/badge";
import { toast } from "@/components/ui/use-toast";
import { useCancelAdminTransfer } from "@/features/admin/api/cancel-admin-transfer";
import { useAdminTransfers, type AdminTransferFilters } from "@/features/admin/api/get-admin-transfers";
import { ActionsCell, Cell } from "@/features/admin/components/data-table";
import { TRANSFER_STATUS_BADGES, TRANSFER_STATUSES } from "@/features/admin/components/labels";
import { PagedTable } from "@/features/admin/components/paged-table";
import { ReasonDialog } from "@/features/admin/components/reason-dialog";
import { FilterSelect } from "@/features/admin/components/status-filter";
import { formatDate } from "@/lib/format";

/** Every transfer, filtered by status; open ones can be canceled with a reason. */
export function TransfersTab() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AdminTransferFilters>({ status: "" });
  const [page, setPage] = useState(1);
  const transfers = useAdminTransfers(filters, page);

  return (
    <>
      <div className="grid gap-4 sm:max-w-xs">
        <FilterSelect<TransferStatus>
          id="admin-transfers-status"
          label={t("admin.transfers.status")}
          value={filters.status}
          values={TRANSFER_STATUSES}
          labelPrefix="admin.transferStatus"
          onChange={(status) => {
            setFilters({ status });
            setPage(1);
          }}
        />
      </div>
      <PagedTable
        query={transfers}
        caption={t("admin.transfers.caption")}
        columns={[
          t("admin.transfers.vessel"),
          t("admin.transfers.status"),
          t("admin.transfers.recipient"),
          t("admin.transfers.feePaid"),
          t("admin.transfers.created"),
          t("admin.transfers.expiresOrEnded"),
          t("admin.actions"),
        ]}
        empty={t("admin.transfers.empty")}
        renderRow={(transfer) => <TransferRow transfer={transfer} />}
        page={page}
        onPage={setPage}
        showingKey="admin.transfers.showing"
        label={t("admin.transfers.pagination")}
      />
    </>
  );
}

/** When it expires while open, else when it ended (completed or canceled). */
function endText(transfer: AdminTransfer, t: TFunction, locale: string): string {
  if (transfer.completedAt) return t("admin.transfers.completedOn", { date: formatDate(transfer.completedAt, locale, true) });
  if (transfer.canceledAt) return t("admin.transfers.canceledOn", { date: formatDate(transfer.canceledAt, locale, true) });
  const key = transfer.status === "expired" ? "admin.transfers.expiredOn" : "admin.transfers.expiresOn";
  return t(key, { date: formatDate(transfer.expiresAt, locale, true) });
}

function TransferRow({ transfer }: { transfer: AdminTransfer }) {
  const { t, i18n } = useTranslation();
  const cancel = useCancelAdminTransfer();
  const vessel = transfer.vesselName || t("vessel.unnamed");
  const platformId = transfer.vesselPlatformId;

  return (
    <tr>
      <Cell>
        <Link
          to={`/registry/${encodeURIComponent(platformId)}`}
          className="font-mono text-xs font-semibold text-primary underline-offset-4 hover:underline"
        >
          {platformId}
        </Link>
        <p className="font-medium">{vessel}</p>
      </Cell>
      <Cell>
        <Badge variant={TRANSFER_STATUS_BADGES[transfer.status]}>{t(`admin.transferStatus.${transfer.status}`)}</Badge>
        {transfer.released ? <p className="mt-1 text-xs text-muted-foreground">{t("admin.transfers.released")}</p> : null}
      </Cell>
      <Cell className="font-mono text-xs whitespace-nowrap">{transfer.recipientPhoneMasked}</Cell>
      <Cell>{transfer.feePaid ? t("admin.yes") : t("admin.no")}</Cell>
      <Cell className="whitespace-nowrap">{formatDate(transfer.createdAt, i18n.language, true)}</Cell>
      <Cell className="whitespace-nowrap">{endText(transfer, t, i18n.language)}</Cell>
      <ActionsCell>
        {transfer.open ? (
          <ReasonDialog
            triggerLabel={t("admin.transfers.cancel.action")}
            triggerAriaLabel={t("admin.transfers.cancel.named", { platformId })}
            triggerIcon={<X aria-hidden="true" />}
            title={t("admin.transfers.cancel.title")}
            description={t("admin.transfers.cancel.description", { vessel, platformId, phone: transfer.recipientPhoneMasked })}
            confirmLabel={t("admin.transfers.cancel.action")}
            dismissLabel={t("admin.transfers.cancel.keep")}
            onConfirm={(reason) => cancel.mutateAsync({ id: transfer.id, reason })}
            onDone={() =>
              toast({
                title: t("admin.transfers.cancel.doneTitle"),
                description: t("admin.transfers.cancel.done", { vessel, platformId }),
              })
            }
          />
        ) : null}
      </ActionsCell>
    </tr>
  );
}
