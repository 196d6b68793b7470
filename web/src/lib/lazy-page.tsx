import { type ComponentProps, type ComponentType, lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorBoundary } from "@/components/ui/error-boundary";
import { Skeleton } from "@/components/ui/skeleton";
import { catalogueComplete } from "@/i18n";

// Props are the loaded component's own; `any` only lets any component's props through the bound.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Exports<K extends string> = Record<K, ComponentType<any>>;

/** `name` from the module `load` fetches, once the rest of the reader's catalogue is there too. */
function loaded<K extends string, M extends Exports<K>>(load: () => Promise<M>, name: K) {
  return lazy(() => Promise.all([load(), catalogueComplete()]).then(([module]) => ({ default: module[name] })));
}

/**
 * A page whose code is fetched when it is first shown (a chunk of its own), from a module that
 * exports it by name, together with the rest of the reader's catalogue (the first load carries
 * only the first pages' words). The router's boundary shows a loading state meanwhile.
 */
// Calls are pure (nothing is fetched until first shown), so the bundler may drop unused ones.
/* @__NO_SIDE_EFFECTS__ */
export function lazyPage<K extends string, M extends Exports<K>>(load: () => Promise<M>, name: K) {
  return loaded(load, name);
}

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
  let Part = loaded(fetchPart, name);
  function LazyPart(props: ComponentProps<M[K]>) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Part = loaded(fetchPart, name);
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
