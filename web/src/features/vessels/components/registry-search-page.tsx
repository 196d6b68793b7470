import { ChevronDown, ChevronLeft, ChevronRight, Search } from "lucide-react";
import { useDeferredValue, useId, useMemo, useState, type SubmitEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Page } from "@/components/layout/page";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { SEARCH_PAGE_SIZE, useSearchVessels, type VesselSearch } from "@/features/vessels/api/search-vessels";
import { VesselCard } from "@/features/vessels/components/vessel-card";
import { errorMessage } from "@/lib/api-client";
import { SEARCH_COUNTRY_CODES } from "@/lib/countries";
import { formatNumber } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";

const FILTERS = ["query", "countryCode", "buildYearFrom", "buildYearTo"] as const;

/** The search lives in the URL (?query=&countryCode=&buildYearFrom=&buildYearTo=&page=). */
export function readSearch(params: URLSearchParams): VesselSearch {
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    query: params.get("query") ?? "",
    countryCode: params.get("countryCode") ?? "",
    buildYearFrom: params.get("buildYearFrom") ?? "",
    buildYearTo: params.get("buildYearTo") ?? "",
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
}

function toUrlParams(search: VesselSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTERS) {
    const value = search[name].trim();
    if (value) params.set(name, value);
  }
  params.set("page", String(search.page));
  return params;
}

export function RegistrySearchPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("registry.title"));
  const [searchParams, setSearchParams] = useSearchParams();
  const search = useMemo(() => readSearch(searchParams), [searchParams]);
  const [filtersOpen, setFiltersOpen] = useState(() => Boolean(search.countryCode || search.buildYearFrom || search.buildYearTo));

  const go = (next: VesselSearch) => setSearchParams(toUrlParams(next));
  const keyOf = (filters: Omit<VesselSearch, "page">) => FILTERS.map((name) => filters[name]).join("\u0000");
  const filtersKey = keyOf(search);

  // The form is made afresh when the URL's filters change from elsewhere (back, forward, a shared
  // link), so it shows them; not after its own search, which would take the focus from the reader.
  const [form, setForm] = useState({ filters: filtersKey, generation: 0, ownSearch: null as string | null });
  if (form.filters !== filtersKey) {
    const own = form.ownSearch === filtersKey;
    setForm({ filters: filtersKey, generation: form.generation + (own ? 0 : 1), ownSearch: null });
  }

  return (
    <Page title={t("registry.title")} description={t("registry.subtitle")} width="wide">
      <div className="grid gap-8">
        <SearchForm
          key={form.generation}
          search={search}
          filtersOpen={filtersOpen}
          onToggleFilters={() => setFiltersOpen((open) => !open)}
          onSearch={(filters) => {
            setForm((current) => ({ ...current, ownSearch: keyOf(filters) }));
            go({ ...filters, page: 1 });
          }}
        />
        <SearchResults search={search} onPage={(page) => go({ ...search, page })} />
      </div>
    </Page>
  );
}

function SearchForm({
  search,
  filtersOpen,
  onToggleFilters,
  onSearch,
}: {
  search: VesselSearch;
  filtersOpen: boolean;
  onToggleFilters: () => void;
  onSearch: (filters: Omit<VesselSearch, "page">) => void;
}) {
  const { t } = useTranslation();
  const filtersId = useId();
  // The chosen country, for its flag beside the (uncontrolled) select.
  const [countryCode, setCountryCode] = useState(search.countryCode);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => {
      const entry = data.get(name);
      return typeof entry === "string" ? entry.trim() : "";
    };
    onSearch({
      query: value("query"),
      countryCode: value("countryCode"),
      buildYearFrom: value("buildYearFrom"),
      buildYearTo: value("buildYearTo"),
    });
  };

  return (
    <Card>
      <CardContent className="pt-6">
        <form role="search" aria-label={t("registry.searchLabel")} noValidate onSubmit={onSubmit} className="grid gap-4">
          <div className="flex flex-col gap-2 sm:flex-row">
            <label htmlFor="registry-query" className="sr-only">
              {t("registry.searchLabel")}
            </label>
            <Input
              id="registry-query"
              name="query"
              type="search"
              defaultValue={search.query}
              placeholder={t("registry.placeholder")}
              autoComplete="off"
              maxLength={100}
              className="flex-1"
            />
            <Button type="submit">
              <Search aria-hidden="true" />
              {t("registry.search")}
            </Button>
          </div>

          <div>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
              onClick={onToggleFilters}
            >
              <ChevronDown className={filtersOpen ? "rotate-180" : undefined} aria-hidden="true" />
              {t("registry.advancedFilters")}
            </Button>
            <div id={filtersId} hidden={!filtersOpen} className="mt-4 grid gap-4 sm:grid-cols-3">
              <FormField id="registry-country" label={t("registry.country")}>
                <NativeSelect
                  name="countryCode"
                  defaultValue={search.countryCode}
                  flag={countryCode}
                  onChange={(event) => setCountryCode(event.target.value)}
                >
                  <option value="">{t("registry.allCountries")}</option>
                  {SEARCH_COUNTRY_CODES.map((code) => (
                    <option key={code} value={code}>
                      {t(`countries.${code}`)}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField id="registry-year-from" label={t("registry.yearFrom")}>
                <Input name="buildYearFrom" type="number" inputMode="numeric" defaultValue={search.buildYearFrom} />
              </FormField>
              <FormField id="registry-year-to" label={t("registry.yearTo")}>
                <Input name="buildYearTo" type="number" inputMode="numeric" defaultValue={search.buildYearTo} />
              </FormField>
            </div>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function SearchResults({ search, onPage }: { search: VesselSearch; onPage: (page: number) => void }) {
  const { t, i18n } = useTranslation();
  // Drawing ten cards takes a while on a slow phone: deferred, React draws them in slices, and a
  // tap or key press meanwhile is answered at once (a store's update is otherwise drawn in one go).
  const result = useDeferredValue(useSearchVessels(search));

  let body;
  if (result.isPending) {
    body = (
      <div role="status" aria-label={t("common.loading")} className="grid gap-4">
        <Skeleton className="h-44 w-full" />
        <Skeleton className="h-44 w-full" />
        <Skeleton className="h-44 w-full" />
      </div>
    );
  } else if (result.isError) {
    body = (
      <Alert variant="destructive" role="alert">
        {errorMessage(result.error, t("common.genericError"))}
      </Alert>
    );
  } else if (result.data.total === 0 || result.data.data.length === 0) {
    body = (
      <p role="status" className="py-8 text-center text-muted-foreground">
        {t("registry.empty")}
      </p>
    );
  } else {
    // The page shown: while the next one loads, the one before stays, with its own numbers.
    const { total, totalPages, totalRelation, data, page } = result.data;
    // "gte": more matches than can be counted; `total` is then the number that can be paged through.
    const more = totalRelation === "gte";
    const from = (page - 1) * SEARCH_PAGE_SIZE + 1;
    const to = Math.min(page * SEARCH_PAGE_SIZE, total);
    const n = (value: number) => formatNumber(value, i18n.language);
    body = (
      <div className="grid gap-6" aria-busy={result.isPlaceholderData || undefined}>
        <ul className="grid gap-4 md:grid-cols-2">
          {data.map((vessel) => (
            <li key={vessel.id} className="flex">
              <VesselCard vessel={vessel} className="w-full" />
            </li>
          ))}
        </ul>
        <nav aria-label={t("registry.pagination")} className="flex flex-wrap items-center justify-between gap-4">
          <div className="grid gap-1">
            <p aria-live="polite" className="text-sm text-muted-foreground">
              {t(more ? "registry.showingMore" : "registry.showing", { from: n(from), to: n(to), total: n(total) })}
            </p>
            {more ? <p className="text-xs text-muted-foreground">{t("registry.refineHint", { total: n(total) })}</p> : null}
          </div>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
              <ChevronLeft aria-hidden="true" />
              {t("registry.previous")}
            </Button>
            <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
              {t("registry.next")}
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </nav>
      </div>
    );
  }

  return (
    <section aria-labelledby="registry-results">
      <h2 id="registry-results" className="sr-only">
        {t("registry.results")}
      </h2>
      {body}
    </section>
  );
}
