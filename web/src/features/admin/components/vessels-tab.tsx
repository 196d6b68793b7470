import { Ban, CircleCheck, Eye, RotateCcw, Search, ShieldCheck, ShieldOff, Undo2, UserCheck } from "lucide-react";
import { useState, type SubmitEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Vessel, VesselStatus } from "@/api/types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/use-toast";
import { useDeactivateVessel } from "@/features/admin/api/deactivate-vessel";
import { useAdminVessels, type AdminVesselFilters } from "@/features/admin/api/get-admin-vessels";
import { useReactivateVessel } from "@/features/admin/api/reactivate-vessel";
import { useResolveVesselReview } from "@/features/admin/api/resolve-vessel-review";
import { useConfirmTheftReport, useRemoveTheftReport } from "@/features/admin/api/theft-reports";
import { ActionsCell, Cell } from "@/features/admin/components/data-table";
import { ADMIN_COUNTRY_CODES, VESSEL_STATUS_BADGES, VESSEL_STATUSES } from "@/features/admin/components/labels";
import { PagedTable } from "@/features/admin/components/paged-table";
import { ReasonDialog } from "@/features/admin/components/reason-dialog";
import { CountryLabel } from "@/features/vessels/public";
import { errorMessage } from "@/lib/api-client";
import { formatDate, knownMakeModel } from "@/lib/format";

const NO_FILTERS: AdminVesselFilters = { query: "", status: "", countryCode: "" };

/** Every vessel, searchable and filtered by status and country, with the administrator's actions. */
export function VesselsTab() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AdminVesselFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const vessels = useAdminVessels(filters, page);

  const change = (next: Partial<AdminVesselFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };

  return (
    <>
      <VesselFilters filters={filters} onChange={change} />
      <PagedTable
        query={vessels}
        caption={t("admin.vessels.caption")}
        columns={[
          t("admin.vessels.platformId"),
          t("admin.vessels.name"),
          t("admin.vessels.country"),
          t("admin.vessels.status"),
          t("admin.vessels.registered"),
          t("admin.actions"),
        ]}
        empty={t("admin.vessels.empty")}
        renderRow={(vessel) => <VesselRow vessel={vessel} />}
        page={page}
        onPage={setPage}
        showingKey="admin.vessels.showing"
        label={t("admin.vessels.pagination")}
      />
    </>
  );
}

function VesselFilters({
  filters,
  onChange,
}: {
  filters: AdminVesselFilters;
  onChange: (next: Partial<AdminVesselFilters>) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState(filters.query);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ query: query.trim() });
  };

  return (
    <div className="grid gap-4 md:grid-cols-[2fr_1fr_1fr] md:items-end">
      <form role="search" aria-label={t("admin.vessels.searchLabel")} onSubmit={onSubmit} className="grid gap-2">
        <label htmlFor="admin-vessels-query" className="text-sm font-medium leading-none">
          {t("admin.vessels.searchLabel")}
        </label>
        <div className="flex gap-2">
          <Input
            id="admin-vessels-query"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t("admin.vessels.searchPlaceholder")}
            autoComplete="off"
          />
          <Button type="submit">
            <Search aria-hidden="true" />
            {t("admin.search")}
          </Button>
        </div>
      </form>
      <FormField id="admin-vessels-status" label={t("admin.vessels.status")}>
        <NativeSelect value={filters.status} onChange={(event) => onChange({ status: event.target.value as VesselStatus | "" })}>
          <option value="">{t("admin.all")}</option>
          {VESSEL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`admin.vesselStatus.${status}`)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="admin-vessels-country" label={t("admin.vessels.country")}>
        <NativeSelect
          value={filters.countryCode}
          flag={filters.countryCode}
          onChange={(event) => onChange({ countryCode: event.target.value })}
        >
          <option value="">{t("admin.all")}</option>
          {ADMIN_COUNTRY_CODES.map((code) => (
            <option key={code} value={code}>
              {`${t(`countries.${code}`)} (${code})`}
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </div>
  );
}

function VesselRow({ vessel }: { vessel: Vessel }) {
  const { t, i18n } = useTranslation();
  const makeModel = knownMakeModel(vessel.make, vessel.model) ?? t("vessel.makeModelUnknown");
  return (
    <tr>
      <Cell className="font-mono text-xs font-semibold whitespace-nowrap text-primary">{vessel.platformId}</Cell>
      <Cell>
        <p className="font-medium">{vessel.name || t("vessel.unnamed")}</p>
        <p className="text-muted-foreground">{makeModel}</p>
      </Cell>
      <Cell className="whitespace-nowrap">
        <CountryLabel code={vessel.countryCode} />
      </Cell>
      <Cell>
        <Badge variant={VESSEL_STATUS_BADGES[vessel.status]}>{t(`admin.vesselStatus.${vessel.status}`)}</Badge>
        {vessel.status === "needs_review" && vessel.reviewReason ? (
          <p className="mt-1 max-w-56 text-xs text-muted-foreground">{vessel.reviewReason}</p>
        ) : null}
        {vessel.stolen ? (
          <Badge variant="destructive" className="mt-1">
            {t(vessel.stolen.status === "confirmed" ? "admin.vessels.stolenConfirmed" : "admin.vessels.stolenReported")}
          </Badge>
        ) : null}
        {vessel.encumbered ? (
          <Badge variant="warning" className="mt-1">
            {t("vessel.encumbered")}
          </Badge>
        ) : null}
      </Cell>
      <Cell className="whitespace-nowrap">{formatDate(vessel.createdAt, i18n.language)}</Cell>
      <ActionsCell>
        <VesselActions vessel={vessel} />
      </ActionsCell>
    </tr>
  );
}

const DEACTIVATABLE = new Set<VesselStatus>(["active", "in_transfer", "needs_review"]);

/** The review reason of a released vessel its buyer never claimed: handed to an account or back to its seller. */
const CLAIM_EXPIRED = "vessel_claim_window_expired_review";

/** View, and what the vessel's state allows: Deactivate, Reactivate, or for one under review Activate / Refund. */
function VesselActions({ vessel }: { vessel: Vessel }) {
  const { t } = useTranslation();
  const deactivate = useDeactivateVessel();
  const reactivate = useReactivateVessel();
  const resolve = useResolveVesselReview();
  const confirmTheft = useConfirmTheftReport();
  const removeTheft = useRemoveTheftReport();
  const { platformId } = vessel;
  const names = { vessel: vessel.name || t("vessel.unnamed"), platformId };
  const done = (key: string) => () =>
    toast({ title: t(`admin.vessels.${key}.doneTitle`), description: t(`admin.vessels.${key}.done`, names) });

  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to={`/registry/${encodeURIComponent(platformId)}`} aria-label={t("admin.vessels.viewNamed", { platformId })}>
          <Eye aria-hidden="true" />
          {t("admin.vessels.view")}
        </Link>
      </Button>
      {vessel.status === "needs_review" && vessel.reviewReasonCode === CLAIM_EXPIRED ? (
        <>
          <ReasonDialog
            triggerLabel={t("admin.vessels.handOver.action")}
            triggerAriaLabel={t("admin.vessels.handOver.named", { platformId })}
            triggerIcon={<UserCheck aria-hidden="true" />}
            title={t("admin.vessels.handOver.title", names)}
            description={t("admin.vessels.handOver.description", names)}
            emailLabel={t("admin.vessels.handOver.email")}
            confirmLabel={t("admin.vessels.handOver.action")}
            confirmVariant="default"
            onConfirm={(reason, email) => resolve.mutateAsync({ platformId, action: "hand_over", reason, email })}
            onDone={done("handOver")}
          />
          <ReasonDialog
            triggerLabel={t("admin.vessels.returnToSeller.action")}
            triggerAriaLabel={t("admin.vessels.returnToSeller.named", { platformId })}
            triggerIcon={<Undo2 aria-hidden="true" />}
            title={t("admin.vessels.returnToSeller.title", names)}
            description={t("admin.vessels.returnToSeller.description", names)}
            confirmLabel={t("admin.vessels.returnToSeller.action")}
            confirmVariant="default"
            onConfirm={(reason) => resolve.mutateAsync({ platformId, action: "return_to_seller", reason })}
            onDone={done("returnToSeller")}
          />
        </>
      ) : vessel.status === "needs_review" ? (
        <>
          <ReasonDialog
            triggerLabel={t("admin.vessels.activate.action")}
            triggerAriaLabel={t("admin.vessels.activate.named", { platformId })}
            triggerIcon={<CircleCheck aria-hidden="true" />}
            title={t("admin.vessels.activate.title", names)}
            description={t("admin.vessels.activate.description", names)}
            confirmLabel={t("admin.vessels.activate.action")}
            confirmVariant="default"
            onConfirm={(reason) => resolve.mutateAsync({ platformId, action: "activate", reason })}
            onDone={done("activate")}
          />
          <ReasonDialog
            triggerLabel={t("admin.vessels.refund.action")}
            triggerAriaLabel={t("admin.vessels.refund.named", { platformId })}
            triggerIcon={<Undo2 aria-hidden="true" />}
            title={t("admin.vessels.refund.title", names)}
            description={t("admin.vessels.refund.description", names)}
            confirmLabel={t("admin.vessels.refund.action")}
            onConfirm={(reason) => resolve.mutateAsync({ platformId, action: "refund", reason })}
            onDone={done("refund")}
          />
        </>
      ) : null}
      {/* A theft report: confirmed once its police reference is checked, or removed as false. */}
      {vessel.stolen?.status === "reported" ? (
        <Button
          variant="outline"
          size="sm"
          aria-label={t("admin.vessels.confirmTheft.named", { platformId })}
          disabled={confirmTheft.isPending}
          onClick={() =>
            confirmTheft.mutate(
              { platformId },
              {
                onSuccess: done("confirmTheft"),
                onError: (err) =>
                  toast({
                    variant: "destructive",
                    title: t("admin.vessels.confirmTheft.failedTitle"),
                    error: err,
                    description: errorMessage(err, t("common.genericError")),
                  }),
              },
            )
          }
        >
          <ShieldCheck aria-hidden="true" />
          {t("admin.vessels.confirmTheft.action")}
        </Button>
      ) : null}
      {vessel.stolen ? (
        <ReasonDialog
          triggerLabel={t("admin.vessels.removeTheft.action")}
          triggerAriaLabel={t("admin.vessels.removeTheft.named", { platformId })}
          triggerIcon={<ShieldOff aria-hidden="true" />}
          title={t("admin.vessels.removeTheft.title", names)}
          description={t("admin.vessels.removeTheft.description", names)}
          confirmLabel={t("admin.vessels.removeTheft.action")}
          onConfirm={(reason) => removeTheft.mutateAsync({ platformId, reason })}
          onDone={done("removeTheft")}
        />
      ) : null}
      {DEACTIVATABLE.has(vessel.status) ? (
        <ReasonDialog
          triggerLabel={t("admin.vessels.deactivate.action")}
          triggerAriaLabel={t("admin.vessels.deactivate.named", { platformId })}
          triggerIcon={<Ban aria-hidden="true" />}
          title={t("admin.vessels.deactivate.title", names)}
          description={t("admin.vessels.deactivate.description", names)}
          confirmLabel={t("admin.vessels.deactivate.action")}
          onConfirm={(reason) => deactivate.mutateAsync({ platformId, reason })}
          onDone={done("deactivate")}
        />
      ) : null}
      {vessel.status === "deactivated" ? (
        <ReasonDialog
          triggerLabel={t("admin.vessels.reactivate.action")}
          triggerAriaLabel={t("admin.vessels.reactivate.named", { platformId })}
          triggerIcon={<RotateCcw aria-hidden="true" />}
          title={t("admin.vessels.reactivate.title", names)}
          description={t("admin.vessels.reactivate.description", names)}
          confirmLabel={t("admin.vessels.reactivate.action")}
          confirmVariant="default"
          onConfirm={(reason) => reactivate.mutateAsync({ platformId, reason })}
          onDone={done("reactivate")}
        />
      ) : null}
    </>
  );
}
