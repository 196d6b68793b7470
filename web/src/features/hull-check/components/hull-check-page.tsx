import { zodResolver } from "@hookform/resolvers/zod";
import { Search } from "lucide-react";
import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Page } from "@/components/layout/page";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { HULL_CHECK_KINDS, type HullCheckQuery, useHullCheck } from "@/features/hull-check/api/get-hull-check";
import { HullCheckResult } from "@/features/hull-check/components/hull-check-result";
import {
  hullCheckDefaults,
  hullCheckQueryFrom,
  hullCheckSchema,
  IDENTIFIER_MAX,
  toHullCheckQuery,
  type HullCheckValues,
} from "@/features/hull-check/schemas/hull-check";
import { ApiError, errorMessage, retryAfterSeconds } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * /check: the free hull check for buyers, without an account. One identifier (a CIN/HIN, a platform
 * ID or an MMSI) is asked about; the URL carries it (`?cin=…`), so a check can be shared and
 * reloaded. The answer is announced when it arrives.
 */
export function HullCheckPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("hullCheck.title"));
  const [params, setParams] = useSearchParams();
  const query = hullCheckQueryFrom(params);
  const check = useHullCheck(query);

  const onCheck = (next: HullCheckQuery) => {
    // The same identifier again: ask again (a report or a lien may have been registered since).
    if (query && next.kind === query.kind && next.value === query.value) void check.refetch();
    else setParams({ [next.kind]: next.value });
  };

  return (
    <Page title={t("hullCheck.title")} description={t("hullCheck.description")}>
      <div className="grid gap-8">
        <HullCheckForm query={query} checking={check.isFetching} onCheck={onCheck} />
        <div aria-live="polite" aria-busy={check.isFetching || undefined} className="grid gap-4">
          {query == null ? null : check.isPending || (check.isFetching && check.isError) ? (
            <div role="status" aria-label={t("hullCheck.checking")} className="grid gap-4">
              <Skeleton className="h-10 w-2/3" />
              <Skeleton className="h-48 w-full" />
            </div>
          ) : check.isError ? (
            <CheckFailed error={check.error} />
          ) : (
            <HullCheckResult check={check.data} asked={query.value} />
          )}
        </div>
        <p className="text-sm text-muted-foreground">{t("hullCheck.privacy")}</p>
      </div>
    </Page>
  );
}

function HullCheckForm({
  query,
  checking,
  onCheck,
}: {
  query: HullCheckQuery | null;
  checking: boolean;
  onCheck: (query: HullCheckQuery) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<HullCheckValues>({
    resolver: zodResolver(hullCheckSchema),
    defaultValues: query ? { kind: query.kind, identifier: query.value } : hullCheckDefaults,
  });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: "kind" });

  // Back and forward through checks: the form shows the one on the page.
  const kindAsked = query?.kind;
  const valueAsked = query?.value;
  useEffect(() => {
    if (kindAsked && valueAsked !== undefined) form.reset({ kind: kindAsked, identifier: valueAsked });
  }, [form, kindAsked, valueAsked]);

  return (
    <form
      noValidate
      role="search"
      aria-label={t("hullCheck.formLabel")}
      onSubmit={(event) => void form.handleSubmit((values) => onCheck(toHullCheckQuery(values)))(event)}
      className="grid gap-5 rounded-lg border border-border bg-card p-6 shadow-sm"
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t("hullCheck.kind")}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {HULL_CHECK_KINDS.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input type="radio" value={value} {...form.register("kind")} />
              {t(`hullCheck.kinds.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField
        id="hull-check-identifier"
        label={t(`hullCheck.kinds.${kind}`)}
        hint={t(`hullCheck.hints.${kind}`)}
        error={errors.identifier}
        errorParams={{ max: IDENTIFIER_MAX }}
      >
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode={kind === "mmsi" ? "numeric" : "text"}
          aria-required="true"
          {...form.register("identifier")}
        />
      </FormField>
      <div>
        <Button type="submit" disabled={checking}>
          <Search aria-hidden="true" />
          {checking ? t("hullCheck.checking") : t("hullCheck.submit")}
        </Button>
      </div>
    </form>
  );
}

/** The server refused: for too many checks how long to wait, else its message (400, 422). */
function CheckFailed({ error }: { error: Error }) {
  const { t } = useTranslation();
  const tooMany = error instanceof ApiError && error.status === 429;
  return (
    <Alert variant={tooMany ? "warning" : "destructive"} role="alert">
      {tooMany ? t("hullCheck.tooMany", { count: retryAfterSeconds(error) ?? 60 }) : errorMessage(error, t("hullCheck.failed"))}
    </Alert>
  );
}
