import { type ComponentProps, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorBoundary } from "@/components/ui/error-boundary";
import { Skeleton } from "@/components/ui/skeleton";
import { type Exports, lazyPage } from "@/lib/lazy-page";

// A module apart from lazyPage's, which the first load carries: only pages fetched on demand use parts.

/**
 * A part of a page that only some readers see (an owner's forms and panels), fetched when it is
 * first shown: a visitor's page then loads neither its code nor what that needs (the forms'
 * schemas). Meanwhile the part alone shows a loading bar, not the whole page; if its code cannot
 * be fetched, the part alone says so and offers to try again, and the rest of the page (with
 * what the reader has typed) stays. `preload()` fetches it ahead, for a part behind a button.
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazyPart<K extends string, M extends Exports<K>>(load: () => Promise<M>, name: K) {
  // Fetched once; a failed fetch is forgotten, so that trying again fetches anew (React keeps a
  // lazy component's failure, so trying again also takes a new one).
  let fetching: Promise<M> | undefined;
  const fetchPart = () =>
    (fetching ??= load().catch((error: unknown) => {
      fetching = undefined;
      throw error;
    }));
  // Loaded as a page is, with the rest of the reader's catalogue.
  let Part = lazyPage(fetchPart, name);
  function LazyPart(props: ComponentProps<M[K]>) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Part = lazyPage(fetchPart, name);
      setAttempt((n) => n + 1);
    };
    return (
      <ErrorBoundary key={attempt} fallback={<PartUnavailable onRetry={retry} />}>
        <Suspense fallback={<PartLoading />}>
          <Part {...props} />
        </Suspense>
      </ErrorBoundary>
    );
  }
  LazyPart.displayName = `lazyPart(${name})`;
  LazyPart.preload = () => void fetchPart().catch(() => undefined);
  return LazyPart;
}

function PartLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t("common.loading")}>
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

function PartUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert variant="destructive" role="alert" className="flex flex-wrap items-center justify-between gap-3">
      <span>{t("part.unavailable")}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t("part.tryAgain")}
      </Button>
    </Alert>
  );
}
