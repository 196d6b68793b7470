import { ChevronDown, ChevronLeft, ChevronRight, Search, TriangleAlert } from "lucide-react";
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { CountryConfig } from "@/api/types";
import { Page } from "@/components/layout/page";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { useMistypedPlatformId } from "@/features/vessels/api/find-mistyped-platform-id";
import { SEARCH_PAGE_SIZE, useSearchVessels, type VesselSearch } from "@/features/vessels/api/search-vessels";
import { VesselCard } from "@/features/vessels/components/vessel-card";
import { buildYearsIssue } from "@/features/vessels/schemas/registry-search";
import { errorMessage } from "@/lib/api-client";
import { useCountries } from "@/lib/config/get-countries";
import { countryNameKey, SUPPORTED_COUNTRY_CODES } from "@/lib/countries";
import { formatNumber } from "@/lib/format";
import { hasPlatformIdTypo } from "@/lib/platform-id";
import { useDocumentTitle } from "@/lib/use-document-title";

const FILTERS = ["query", "countryCode", "buildYearFrom", "buildYearTo", "stolen"] as const;

/** The search lives in the URL (?query=&countryCode=&buildYearFrom=&buildYearTo=&stolen=&page=). */
export function readSearch(params: URLSearchParams): VesselSearch {
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    query: params.get("query") ?? "",
    countryCode: params.get("countryCode") ?? "",
    buildYearFrom: params.get("buildYearFrom") ?? "",
    buildYearTo: params.get("buildYearTo") ?? "",
    stolen: params.get("stolen") === "true" ? "true" : "",
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
  const [filtersOpen, setFiltersOpen] = useState(() =>
    Boolean(search.countryCode || search.buildYearFrom || search.buildYearTo || search.stolen),
  );

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
          onFiltersOpen={setFiltersOpen}
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

/**
 * The country filter's options: every country the registry lists vessels of, as the server's
 * configuration says (GET /api/config/countries); the supported countries until it has answered
 * (and in the page the server writes), so the filter works from the first moment.
 */
function useCountryOptions(): { code: string; name: string }[] {
  const { t, i18n } = useTranslation();
  const countries = useCountries();
  const configured: readonly Pick<CountryConfig, "code" | "name">[] | undefined = countries.data;
  const language = i18n.language as keyof CountryConfig["name"];
  return (configured ?? SUPPORTED_COUNTRY_CODES.map((code) => ({ code, name: undefined }))).map(({ code, name }) => {
    const key = countryNameKey(code);
    return { code, name: key ? t(key) : (name?.[language] ?? name?.en ?? code) };
  });
}

function SearchForm({
  search,
  filtersOpen,
  onFiltersOpen,
  onSearch,
}: {
  search: VesselSearch;
  filtersOpen: boolean;
  onFiltersOpen: (open: boolean) => void;
  onSearch: (filters: Omit<VesselSearch, "page">) => void;
}) {
  const { t } = useTranslation();
  const filtersId = useId();
  const countries = useCountryOptions();
  // The chosen country: the select's value, and its flag beside it.
  const [countryCode, setCountryCode] = useState(search.countryCode);
  // 'Year from' after 'Year to' (typed, or in a shared link) would find nothing: the form says so.
  const [yearsIssue, setYearsIssue] = useState(() => buildYearsIssue(search));
  const yearTo = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState(0);
  useEffect(() => {
    if (refused > 0) yearTo.current?.focus();
  }, [refused]);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => {
      const entry = data.get(name);
      return typeof entry === "string" ? entry.trim() : "";
    };
    const filters = {
      query: value("query"),
      countryCode: value("countryCode"),
      buildYearFrom: value("buildYearFrom"),
      buildYearTo: value("buildYearTo"),
      stolen: value("stolen") === "true" ? "true" : "",
    };
    const issue = buildYearsIssue(filters);
    setYearsIssue(issue);
    if (issue) {
      onFiltersOpen(true);
      setRefused((n) => n + 1);
      return;
    }
    onSearch(filters);
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
              onClick={() => onFiltersOpen(!filtersOpen)}
            >
              <ChevronDown className={filtersOpen ? "rotate-180" : undefined} aria-hidden="true" />
              {t("registry.advancedFilters")}
            </Button>
            <div id={filtersId} hidden={!filtersOpen} className="mt-4 grid gap-4 sm:grid-cols-3">
              <FormField id="registry-country" label={t("registry.country")}>
                <NativeSelect
                  name="countryCode"
                  value={countryCode}
                  flag={countryCode}
                  onChange={(event) => setCountryCode(event.target.value)}
                >
                  <option value="">{t("registry.allCountries")}</option>
                  {countries.map(({ code, name }) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField id="registry-year-from" label={t("registry.yearFrom")}>
                <Input name="buildYearFrom" type="number" inputMode="numeric" defaultValue={search.buildYearFrom} />
              </FormField>
              <FormField
                id="registry-year-to"
                label={t("registry.yearTo")}
                error={yearsIssue ? { message: yearsIssue } : undefined}
              >
                <Input ref={yearTo} name="buildYearTo" type="number" inputMode="numeric" defaultValue={search.buildYearTo} />
              </FormField>
              {/* A native checkbox: this page's script budget has no room for another component library part. */}
              <label htmlFor="registry-stolen" className="flex items-center gap-2 text-sm font-medium sm:col-span-3">
                <input
                  id="registry-stolen"
                  name="stolen"
                  type="checkbox"
                  value="true"
                  defaultChecked={search.stolen === "true"}
                  className="size-4 accent-destructive"
                />
                {t("registry.stolenOnly")}
              </label>
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
  // Build years the wrong way round are the form's to say (it shows them); nothing is searched.
  const searchable = buildYearsIssue(search) == null;
  const result = useDeferredValue(useSearchVessels(search, { enabled: searchable }));
  const found = result.data && result.data.total > 0 && result.data.data.length > 0;
  // A platform ID whose check character fails finds nothing: the ID it likely was is looked for.
  const typo = searchable && hasPlatformIdTypo(search.query);
  const likely = useMistypedPlatformId(search.query, typo && result.isSuccess && !found);

  let body;
  if (!searchable) {
    body = null;
  } else if (result.isPending) {
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
  } else if (!found && typo) {
    body = <MistypedPlatformId likely={likely.data ?? null} />;
  } else if (!found) {
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

/** 'This ID has a typo', as the vessel page says it, and the registered ID it most likely was. */
function MistypedPlatformId({ likely }: { likely: string | null }) {
  const { t } = useTranslation();
  // The sentence around the ID, which is a link: split where the ID goes (no <Trans>, whose markup
  // parser would weigh on this first page more than all of this).
  const [before, after] = t("registry.didYouMean", { platformId: "\u0000" }).split("\u0000");
  return (
    <Alert variant="warning" role="status" className="flex gap-3">
      <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        <p>{t("registry.typoHint")}</p>
        {likely ? (
          <p>
            {before}
            <Link
              to={`/registry/${encodeURIComponent(likely)}`}
              className="font-mono font-semibold text-primary underline underline-offset-4"
            >
              {likely}
            </Link>
            {after}
          </p>
        ) : null}
      </div>
    </Alert>
  );
}
