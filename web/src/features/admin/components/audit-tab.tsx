import { zodResolver } from "@hookform/resolvers/zod";
import { Filter } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AuditEntry } from "@/api/types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useAuditLog, type AuditFilters } from "@/features/admin/api/get-audit-log";
import { auditActionLabel, auditDetailSentences, auditSubjectLabel } from "@/features/admin/components/audit-words";
import { Cell } from "@/features/admin/components/data-table";
import { PagedTable } from "@/features/admin/components/paged-table";
import { auditFiltersSchema, type AuditFilterValues } from "@/features/admin/schemas/audit-filters";
import { formatDate } from "@/lib/format";

const NO_FILTERS: AuditFilters = { actor: "", vessel: "", type: "", from: "", to: "" };
const NO_TYPES: readonly string[] = [];

/** The audit log, newest first, filtered by actor, vessel, action type and dates. */
export function AuditTab() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const audit = useAuditLog(filters, page);
  // The type filter offers what the log holds (the chosen type stays listed while a page loads).
  const types = audit.data?.types ?? NO_TYPES;

  const apply = (next: AuditFilters) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <>
      <AuditFilterForm filters={filters} types={types} onApply={apply} />
      <PagedTable
        query={audit}
        caption={t("admin.audit.caption")}
        columns={[
          t("admin.audit.time"),
          t("admin.audit.actor"),
          t("admin.audit.action"),
          t("admin.audit.vessel"),
          t("admin.audit.outcome"),
          t("admin.audit.requestId"),
          t("admin.audit.detail"),
        ]}
        empty={t("admin.audit.empty")}
        renderRow={(entry) => <AuditRow entry={entry} />}
        page={page}
        onPage={setPage}
        showingKey="admin.audit.showing"
        label={t("admin.audit.pagination")}
      />
    </>
  );
}

function AuditFilterForm({
  filters,
  types,
  onApply,
}: {
  filters: AuditFilters;
  types: readonly string[];
  onApply: (filters: AuditFilters) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<AuditFilterValues>({ resolver: zodResolver(auditFiltersSchema), defaultValues: filters });
  const { errors } = form.formState;
  const chosenType = useWatch({ control: form.control, name: "type" });
  const typeOptions = chosenType && !types.includes(chosenType) ? [chosenType, ...types] : types;

  const onSubmit = form.handleSubmit((values) => onApply(values));
  const onReset = () => {
    form.reset(NO_FILTERS);
    onApply(NO_FILTERS);
  };

  return (
    <form
      aria-label={t("admin.audit.filtersLabel")}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-start"
    >
      <FormField id="admin-audit-actor" label={t("admin.audit.actorFilter")} error={errors.actor}>
        <Input type="email" autoComplete="off" placeholder="name@example.com" {...form.register("actor")} />
      </FormField>
      <FormField id="admin-audit-vessel" label={t("admin.audit.vesselFilter")} error={errors.vessel}>
        <Input autoComplete="off" placeholder="7KQ2-M9XD-4HTB" {...form.register("vessel")} />
      </FormField>
      <FormField id="admin-audit-type" label={t("admin.audit.typeFilter")} error={errors.type}>
        <NativeSelect {...form.register("type")}>
          <option value="">{t("admin.all")}</option>
          {typeOptions.map((type) => (
            <option key={type} value={type}>
              {auditActionLabel(type, t)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="admin-audit-from" label={t("admin.audit.from")} error={errors.from}>
        <Input type="date" {...form.register("from")} />
      </FormField>
      <FormField id="admin-audit-to" label={t("admin.audit.to")} error={errors.to}>
        <Input type="date" {...form.register("to")} />
      </FormField>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-5">
        <Button type="submit">
          <Filter aria-hidden="true" />
          {t("admin.audit.apply")}
        </Button>
        <Button type="button" variant="outline" onClick={onReset}>
          {t("admin.audit.reset")}
        </Button>
      </div>
    </form>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  const detail = auditDetailSentences(entry, t);
  const none = t("vessel.notRecorded");
  return (
    <tr>
      <Cell className="whitespace-nowrap">
        <time dateTime={entry.at}>{formatDate(entry.at, i18n.language, true)}</time>
      </Cell>
      <Cell className="break-all">{entry.actorEmail ?? (entry.actorUserId ? entry.actorUserId : t("admin.audit.system"))}</Cell>
      <Cell>
        <p className="font-medium">{auditActionLabel(entry.action, t)}</p>
        {entry.subject ? <p className="text-xs break-all text-muted-foreground">{auditSubjectLabel(entry.subject, t)}</p> : null}
      </Cell>
      <Cell className="whitespace-nowrap">
        {entry.vesselPlatformId ? (
          <Link
            to={`/registry/${encodeURIComponent(entry.vesselPlatformId)}`}
            className="font-mono text-xs font-semibold text-primary underline-offset-4 hover:underline"
          >
            {entry.vesselPlatformId}
          </Link>
        ) : (
          none
        )}
      </Cell>
      <Cell>
        <Badge variant={entry.outcome === "success" ? "success" : "destructive"}>
          {t(`admin.outcome.${entry.outcome}`, { defaultValue: entry.outcome })}
        </Badge>
      </Cell>
      <Cell className="font-mono text-xs break-all">{entry.requestId ?? none}</Cell>
      <Cell>
        {detail.length === 0 ? (
          none
        ) : (
          <ul className="grid max-w-80 gap-0.5 text-xs break-words">
            {detail.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
        )}
      </Cell>
    </tr>
  );
}
