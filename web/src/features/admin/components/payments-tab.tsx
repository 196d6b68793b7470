import { Undo2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AdminPayment, PaymentStatus, PaymentTotals, Purpose } from "@/api/types";
import { Badge } from "@/components/ui/badge";
import { toast } from "@/components/ui/use-toast";
import { useAdminPayments, type AdminPaymentFilters } from "@/features/admin/api/get-admin-payments";
import { useRefundPayment } from "@/features/admin/api/refund-payment";
import { ActionsCell, Cell } from "@/features/admin/components/data-table";
import { PAYMENT_STATUS_BADGES, PAYMENT_STATUSES, PURPOSES, refundBadge } from "@/features/admin/components/labels";
import { PagedTable } from "@/features/admin/components/paged-table";
import { ReasonDialog } from "@/features/admin/components/reason-dialog";
import { FilterSelect } from "@/features/admin/components/status-filter";
import { formatDate, formatMoneyCents } from "@/lib/format";

/** Every payment, filtered by status and purpose, with the totals; refundable ones can be refunded with a reason. */
export function PaymentsTab() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AdminPaymentFilters>({ status: "", purpose: "" });
  const [page, setPage] = useState(1);
  const payments = useAdminPayments(filters, page);

  const change = (next: Partial<AdminPaymentFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:max-w-xl">
        <FilterSelect<PaymentStatus>
          id="admin-payments-status"
          label={t("admin.payments.state")}
          value={filters.status}
          values={PAYMENT_STATUSES}
          labelPrefix="admin.paymentStatus"
          onChange={(status) => change({ status })}
        />
        <FilterSelect<Purpose>
          id="admin-payments-purpose"
          label={t("admin.payments.purpose")}
          value={filters.purpose}
          values={PURPOSES}
          labelPrefix="admin.purpose"
          onChange={(purpose) => change({ purpose })}
        />
      </div>
      <PagedTable
        query={payments}
        summary={(data) => <Totals totals={data.totals} />}
        caption={t("admin.payments.caption")}
        columns={[
          t("admin.payments.date"),
          t("admin.payments.purpose"),
          t("admin.payments.vessel"),
          t("admin.payments.amount"),
          t("admin.payments.state"),
          t("admin.payments.reference"),
          t("admin.payments.refund"),
          t("admin.actions"),
        ]}
        empty={t("admin.payments.empty")}
        renderRow={(payment) => <PaymentRow payment={payment} />}
        page={page}
        onPage={setPage}
        showingKey="admin.payments.showing"
        label={t("admin.payments.pagination")}
      />
    </>
  );
}

/** Succeeded, refunded and net, over every payment the filters select. */
function Totals({ totals }: { totals: PaymentTotals }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoneyCents(cents, totals.currency, i18n.language);
  const items = [
    [t("admin.payments.totalSucceeded"), money(totals.succeededCents)],
    [t("admin.payments.totalRefunded"), money(totals.refundedCents)],
    [t("admin.payments.totalNet"), money(totals.netCents)],
  ] as const;
  return (
    <dl
      aria-label={t("admin.payments.totals")}
      className="flex flex-wrap gap-x-8 gap-y-2 rounded-md border border-border bg-muted/40 px-4 py-3 text-sm"
    >
      {items.map(([term, value]) => (
        <div key={term} className="flex gap-2">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PaymentRow({ payment }: { payment: AdminPayment }) {
  const { t, i18n } = useTranslation();
  const refund = useRefundPayment();
  const amount = formatMoneyCents(payment.amountCents, payment.currency, i18n.language);
  const platformId = payment.vesselPlatformId;

  return (
    <tr>
      <Cell className="whitespace-nowrap">{formatDate(payment.createdAt, i18n.language, true)}</Cell>
      <Cell>{t(`admin.purpose.${payment.purpose}`)}</Cell>
      <Cell>
        <Link
          to={`/registry/${encodeURIComponent(platformId)}`}
          className="font-mono text-xs font-semibold text-primary underline-offset-4 hover:underline"
        >
          {platformId}
        </Link>
      </Cell>
      <Cell className="whitespace-nowrap tabular-nums">{amount}</Cell>
      <Cell>
        <Badge variant={PAYMENT_STATUS_BADGES[payment.status]}>{t(`admin.paymentStatus.${payment.status}`)}</Badge>
      </Cell>
      <Cell className="font-mono text-xs break-all">
        {payment.providerReference ?? t("vessel.notRecorded")}
        <p className="font-sans text-muted-foreground">{payment.provider}</p>
      </Cell>
      <Cell>
        {payment.refund ? (
          <>
            <Badge variant={refundBadge(payment.refund.status)}>
              {t(`admin.refundStatus.${payment.refund.status}`, { defaultValue: payment.refund.status })}
            </Badge>
            <p className="mt-1 max-w-56 text-xs text-muted-foreground">{payment.refund.reason}</p>
          </>
        ) : (
          t("vessel.notRecorded")
        )}
      </Cell>
      <ActionsCell>
        {payment.refundable ? (
          <ReasonDialog
            triggerLabel={t("admin.payments.refundAction")}
            triggerAriaLabel={t("admin.payments.refundNamed", { amount, platformId })}
            triggerIcon={<Undo2 aria-hidden="true" />}
            title={t("admin.payments.refundTitle", { amount })}
            description={`${t("admin.payments.refundDescription", {
              amount,
              platformId,
              purpose: t(`admin.purpose.${payment.purpose}`),
            })} ${t(payment.purpose === "registration" ? "admin.payments.refundRegistrationRule" : "admin.payments.refundTransferRule")} ${t("admin.payments.refundEmailed")}`}
            confirmLabel={t("admin.payments.refundConfirm", { amount })}
            onConfirm={(reason) => refund.mutateAsync({ id: payment.id, reason })}
            onDone={() =>
              toast({
                title: t("admin.payments.refundedTitle"),
                description: t("admin.payments.refunded", { amount, platformId }),
              })
            }
          />
        ) : null}
      </ActionsCell>
    </tr>
  );
}
