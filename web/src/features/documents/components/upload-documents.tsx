import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, ChevronRight, FilePlus2, FileText, ShieldAlert, Trash2, Upload } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { Vessel } from "@/api/types";
import { Page } from "@/components/layout/page";
import { LoadingState, SignInPrompt } from "@/components/layout/require-auth";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/use-toast";
import { useDocuments } from "@/features/documents/api/get-documents";
import { useUploadDocuments } from "@/features/documents/api/upload-documents";
import { documentLabel, documentTypeLabel } from "@/features/documents/components/document-labels";
import { useUploadQueue, type QueuedDocument } from "@/features/documents/hooks/use-upload-queue";
import {
  ACCEPT,
  DOCUMENT_TYPES,
  documentItemDefaults,
  documentItemSchema,
  isDocumentType,
  MAX_CUSTOM_TYPE_LENGTH,
  queueIssue,
  type DocumentItemValues,
} from "@/features/documents/schemas/document-item";
import { ApiError, errorMessage, fieldErrors } from "@/lib/api-client";
import { formatKilobytes } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Spec section 9: the vessel's page follows a successful upload after 1 second. */
export const REDIRECT_DELAY_MS = 1000;

type UploadVessel = Pick<Vessel, "id" | "platformId" | "name">;

/**
 * The upload page's content for a vessel (spec section 2, Upload documents): the form that adds a
 * document to the local queue, the queue, and 'Upload All Documents', which sends the whole queue
 * in one request and returns to the vessel 1 second after it succeeded.
 *
 * Who may upload is the server's call: the vessel's document list answers 403 to anyone but its
 * current owner (and an upload's 403 says the same), which shows 'Access Denied'; a 401 shows the
 * sign-in prompt. `isOwner` (the ownership history's view) adds what the list cannot tell: an
 * administrator may read the documents, but only the owner may add to them.
 */
export function UploadDocuments({
  vessel,
  isOwner,
  onUploaded,
}: {
  vessel: UploadVessel;
  isOwner: boolean;
  onUploaded?: () => void;
}) {
  const { t } = useTranslation();
  const documents = useDocuments(vessel.platformId);
  const [refused, setRefused] = useState<401 | 403 | null>(null);
  useDocumentTitle(t("upload.title"));

  const listStatus = documents.error instanceof ApiError ? documents.error.status : null;
  if (refused === 401 || listStatus === 401) return <SignInPrompt />;
  if (documents.isPending) return <LoadingState />;
  if (refused === 403 || listStatus === 403 || !isOwner) return <AccessDenied platformId={vessel.platformId} />;
  return <UploadForm vessel={vessel} onUploaded={onUploaded} onRefused={setRefused} />;
}

function vesselPath(platformId: string) {
  return `/registry/${encodeURIComponent(platformId)}`;
}

/** 'Access Denied: You must be the current owner to upload documents for this vessel.' with Back to Vessel. */
function AccessDenied({ platformId }: { platformId: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t("upload.accessDeniedTitle")} width="narrow">
      <Card>
        <CardContent className="grid justify-items-center gap-4 pt-6 text-center">
          <ShieldAlert className="size-10 text-destructive" aria-hidden="true" />
          <p role="alert">{t("upload.accessDeniedDescription")}</p>
          <Button asChild variant="outline">
            <Link to={vesselPath(platformId)}>
              <ArrowLeft aria-hidden="true" />
              {t("upload.backToVessel")}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </Page>
  );
}

function Breadcrumb({ platformId }: { platformId: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("vesselDetail.breadcrumb")}>
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        <li>
          <Link to="/registry" className="hover:text-foreground hover:underline">
            {t("nav.registry")}
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRight className="size-4" />
        </li>
        <li>
          <Link to={vesselPath(platformId)} className="font-mono hover:text-foreground hover:underline">
            {platformId}
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRight className="size-4" />
        </li>
        <li aria-current="page" className="text-foreground">
          {t("upload.title")}
        </li>
      </ol>
    </nav>
  );
}

/** Server field names `documentType_3` / `customType_3`: the queued document at that index. */
function itemErrors(err: unknown, items: readonly QueuedDocument[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors(err))) {
    const match = /^(?:documentType|customType|files)_(\d+)$/.exec(field);
    const item = match ? items[Number(match[1])] : undefined;
    if (item && messages.length > 0) out[item.key] = [out[item.key], ...messages].filter(Boolean).join(" ");
  }
  return out;
}

function UploadForm({
  vessel,
  onUploaded,
  onRefused,
}: {
  vessel: UploadVessel;
  onUploaded?: () => void;
  onRefused: (status: 401 | 403) => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queue = useUploadQueue();
  const upload = useUploadDocuments(vessel.platformId);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [uploaded, setUploaded] = useState(false);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const form = useForm<DocumentItemValues>({ resolver: zodResolver(documentItemSchema), defaultValues: documentItemDefaults });
  const { errors } = form.formState;
  const documentType = useWatch({ control: form.control, name: "documentType" });
  const target = vesselPath(vessel.platformId);

  useEffect(() => {
    if (!uploaded) return;
    const timer = setTimeout(() => void navigate(target), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [uploaded, navigate, target]);

  const onAdd = (values: DocumentItemValues) => {
    const { file } = values;
    if (!file || !isDocumentType(values.documentType)) return; // The schema has said so already.
    const issue = queueIssue(queue.items, file);
    if (issue) {
      form.setError("file", { message: issue }, { shouldFocus: true });
      return;
    }
    const custom = values.documentType === "custom" ? values.customType.trim() : null;
    queue.add({ documentType: values.documentType, customType: custom, file });
    toast({ title: t("upload.addedTitle"), description: t("upload.addedDescription", { name: file.name }) });
    form.reset(documentItemDefaults);
    // A file input cannot be set by script, only emptied.
    if (fileInput.current) fileInput.current.value = "";
  };

  const onUploadAll = () => {
    if (queue.items.length === 0) {
      toast({ variant: "destructive", title: t("upload.noDocumentsTitle"), description: t("upload.noDocumentsDescription") });
      return;
    }
    const items = queue.items;
    setServerErrors({});
    upload.mutate(
      { platformId: vessel.platformId, items },
      {
        onSuccess: (documents) => {
          toast({
            title: t("upload.uploadedTitle"),
            description: t("upload.uploadedDescription", { count: documents.length }),
          });
          queue.clear();
          onUploaded?.();
          setUploaded(true);
        },
        onError: (err) => {
          setServerErrors(itemErrors(err, items));
          toast({
            variant: "destructive",
            title: t("upload.failedTitle"),
            error: err,
            description: errorMessage(err, t("upload.failedFallback")),
          });
          if (err instanceof ApiError && (err.status === 401 || err.status === 403)) onRefused(err.status);
        },
      },
    );
  };

  const busy = upload.isPending || uploaded;
  const name = vessel.name || vessel.platformId;

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10">
      <Breadcrumb platformId={vessel.platformId} />
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("upload.title")}</h1>
        <p className="text-muted-foreground">{t("upload.description", { vessel: name })}</p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <FilePlus2 className="size-5 text-primary" aria-hidden="true" />
            {t("upload.formTitle")}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={(event) => void form.handleSubmit(onAdd)(event)} className="grid gap-4">
            <FormField id="document-type" label={t("upload.documentType")} error={errors.documentType}>
              <NativeSelect aria-required="true" disabled={busy} {...form.register("documentType")}>
                <option value="">{t("upload.selectType")}</option>
                {DOCUMENT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {documentTypeLabel(t, type)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            {documentType === "custom" ? (
              <FormField id="document-custom-type" label={t("upload.customType")} error={errors.customType}>
                <Input
                  aria-required="true"
                  maxLength={MAX_CUSTOM_TYPE_LENGTH}
                  placeholder={t("upload.customTypePlaceholder")}
                  disabled={busy}
                  {...form.register("customType")}
                />
              </FormField>
            ) : null}
            <Controller
              control={form.control}
              name="file"
              render={({ field }) => (
                <FormField id="document-file" label={t("upload.file")} hint={t("upload.fileHint")} error={errors.file}>
                  <Input
                    type="file"
                    accept={ACCEPT}
                    aria-required="true"
                    disabled={busy}
                    className="h-auto cursor-pointer file:mr-3 file:rounded file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium"
                    name={field.name}
                    ref={(element) => {
                      field.ref(element);
                      fileInput.current = element;
                    }}
                    onBlur={field.onBlur}
                    onChange={(event) => field.onChange(event.target.files?.[0] ?? null)}
                  />
                </FormField>
              )}
            />
            <div>
              <Button type="submit" variant="outline" disabled={busy}>
                <FilePlus2 aria-hidden="true" />
                {t("upload.addToQueue")}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle id="upload-queue-title">{t("upload.queueTitle")}</CardTitle>
          {queue.items.length > 0 ? (
            <CardDescription>{t("upload.queueCount", { count: queue.items.length })}</CardDescription>
          ) : null}
        </CardHeader>
        <CardContent>
          {queue.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("upload.queueEmpty")}</p>
          ) : (
            <ul aria-labelledby="upload-queue-title" className="grid gap-2">
              {queue.items.map((item) => {
                const errorId = `${item.key}-error`;
                const error = serverErrors[item.key];
                return (
                  <li
                    key={item.key}
                    aria-describedby={error ? errorId : undefined}
                    className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3"
                  >
                    <div className="flex min-w-0 items-start gap-3">
                      <FileText className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                      <div className="grid min-w-0 gap-0.5">
                        <p className="truncate font-medium">{item.file.name}</p>
                        <p className="text-sm text-muted-foreground">
                          {documentLabel(t, item)}
                          <span aria-hidden="true"> · </span>
                          <span className="sr-only">, </span>
                          {formatKilobytes(item.file.size, i18n.language)}
                        </p>
                        {error ? (
                          <p id={errorId} className="text-sm font-medium text-destructive">
                            {error}
                          </p>
                        ) : null}
                      </div>
                    </div>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={busy}
                      aria-label={t("upload.remove", { name: item.file.name })}
                      onClick={() => queue.remove(item.key)}
                    >
                      <Trash2 aria-hidden="true" />
                      {t("upload.removeShort")}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={target}>{t("common.cancel")}</Link>
        </Button>
        <Button onClick={onUploadAll} disabled={busy}>
          <Upload aria-hidden="true" />
          {upload.isPending ? t("upload.uploading") : t("upload.uploadAll")}
        </Button>
      </div>
    </div>
  );
}
