import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";

/** Rows of skeletons while a list loads, announced as loading. */
export function LoadingRows({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t("common.loading")} className="grid gap-2">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </div>
  );
}

/** The server's message (or a generic one) when a list could not be read. */
export function LoadError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Alert variant="destructive" role="alert">
      {errorMessage(error, t("common.genericError"))}
    </Alert>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md border border-dashed border-border py-10 text-center text-muted-foreground">
      {children}
    </p>
  );
}
