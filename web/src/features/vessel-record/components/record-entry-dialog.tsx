import { zodResolver } from "@hookform/resolvers/zod";
import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { Document, RecordEntry } from "@/api/types";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { documentLabel } from "@/features/documents/public";
import { useCreateRecordEntry } from "@/features/vessel-record/api/create-record-entry";
import { useUpdateRecordEntry } from "@/features/vessel-record/api/update-record-entry";
import {
  ENTRY_KINDS,
  MAX_DESCRIPTION_LENGTH,
  recordEntryDefaults,
  recordEntrySchema,
  SERVER_FIELDS,
  toEntryRequest,
  todayIso,
  type RecordEntryValues,
} from "@/features/vessel-record/schemas/record-entry";
import { errorMessage, fieldErrors } from "@/lib/api-client";

/**
 * 'Add entry' / 'Edit': the record entry's form in a dialog. A new form each time it opens (the
 * dialog's content is mounted only while open), prefilled with the entry when editing.
 */
export function RecordEntryDialog({
  platformId,
  entry,
  documents,
  trigger,
}: {
  platformId: string;
  entry?: RecordEntry;
  documents: readonly Document[];
  trigger: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{entry ? t("vesselRecord.editTitle") : t("vesselRecord.addTitle")}</DialogTitle>
          <DialogDescription>{t("vesselRecord.formDescription")}</DialogDescription>
        </DialogHeader>
        <RecordEntryForm platformId={platformId} entry={entry} documents={documents} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function RecordEntryForm({
  platformId,
  entry,
  documents,
  onDone,
}: {
  platformId: string;
  entry?: RecordEntry;
  documents: readonly Document[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateRecordEntry(platformId);
  const update = useUpdateRecordEntry(platformId);
  const form = useForm<RecordEntryValues>({
    resolver: zodResolver(recordEntrySchema),
    defaultValues: recordEntryDefaults(entry),
  });
  const { errors } = form.formState;
  const pending = create.isPending || update.isPending;
  const idPrefix = entry ? `record-edit-${entry.id}` : "record-new";
  // A linked document withdrawn since still shows as linked until the owner picks another.
  const linkedMissing = entry?.documentId && !documents.some((d) => d.id === entry.documentId);

  const onError = (err: unknown) => {
    let focused = false;
    for (const [field, messages] of Object.entries(fieldErrors(err))) {
      const name = SERVER_FIELDS[field];
      if (!name || messages.length === 0) continue;
      form.setError(name, { type: "server", message: messages.join(" ") }, { shouldFocus: !focused });
      focused = true;
    }
    toast({
      variant: "destructive",
      title: entry ? t("vesselRecord.updateFailedTitle") : t("vesselRecord.addFailedTitle"),
      error: err,
      description: errorMessage(err, t("common.genericError")),
    });
  };

  const onSubmit = (values: RecordEntryValues) => {
    const request = toEntryRequest(values);
    if (entry) {
      update.mutate(
        { platformId, entryId: entry.id, entry: request },
        {
          onSuccess: () => {
            toast({ title: t("vesselRecord.updatedTitle") });
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { platformId, entry: request },
        {
          onSuccess: () => {
            toast({ title: t("vesselRecord.addedTitle") });
            onDone();
          },
          onError,
        },
      );
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${idPrefix}-date`} label={t("vesselRecord.date")} error={errors.date}>
          <Input type="date" max={todayIso()} min="1900-01-01" aria-required="true" {...form.register("date")} />
        </FormField>
        <FormField id={`${idPrefix}-kind`} label={t("vesselRecord.kind")} error={errors.kind}>
          <NativeSelect aria-required="true" {...form.register("kind")}>
            <option value="">{t("vesselRecord.selectKind")}</option>
            {ENTRY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`vesselRecord.kinds.${kind}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField id={`${idPrefix}-description`} label={t("vesselRecord.descriptionLabel")} error={errors.description}>
        <Textarea aria-required="true" maxLength={MAX_DESCRIPTION_LENGTH} {...form.register("description")} />
      </FormField>
      <FormField
        id={`${idPrefix}-amount`}
        label={t("vesselRecord.amount")}
        hint={t("vesselRecord.amountHint")}
        error={errors.amount}
      >
        <Input inputMode="decimal" autoComplete="off" {...form.register("amount")} />
      </FormField>
      <FormField
        id={`${idPrefix}-document`}
        label={t("vesselRecord.document")}
        hint={t("vesselRecord.documentHint")}
        error={errors.documentId}
      >
        <NativeSelect {...form.register("documentId")}>
          <option value="">{t("vesselRecord.noDocument")}</option>
          {linkedMissing ? <option value={entry.documentId ?? ""}>{t("vesselRecord.documentUnavailable")}</option> : null}
          {documents.map((doc) => (
            <option key={doc.id} value={doc.id}>
              {`${documentLabel(t, doc)} – ${doc.fileName}`}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t("vesselRecord.saving") : entry ? t("vesselRecord.save") : t("vesselRecord.add")}
        </Button>
      </DialogFooter>
    </form>
  );
}
