import { lazy, Suspense, useState } from "react";
import { ErrorBoundary } from "@/components/ui/error-boundary";
import { useToast } from "@/components/ui/use-toast";

const ToastList = lazy(() => import("@/components/ui/toast-list").then((m) => ({ default: m.ToastList })));

/**
 * The toasts' region, fetched with the first toast: most pages never show one, and the toast
 * primitives would otherwise be part of every page's first load. It stays once it has come.
 */
export function Toaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  // Should its code not arrive (offline, a new release), there are no toasts, and the page stays.
  return needed ? (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <ToastList />
      </Suspense>
    </ErrorBoundary>
  ) : null;
}
