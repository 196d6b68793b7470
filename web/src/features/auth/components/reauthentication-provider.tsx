import { Suspense, useCallback, useEffect, useState } from "react";
import { ErrorBoundary } from "@/components/ui/error-boundary";
import { setReauthenticationHandler } from "@/lib/api-client";
import { lazyPage } from "@/lib/lazy-page";

// The dialog's code (its form, the passkey ceremony) is fetched the first time it is needed.
const ReauthenticationDialog = lazyPage(
  () => import("@/features/auth/components/reauthentication-dialog"),
  "ReauthenticationDialog",
);

type Question = { answer: (confirmed: boolean) => void };

/**
 * Answers the server's `reauthentication_required` for the whole app (lib/api-client's handler):
 * while a refused request waits, asks the person to sign in again in a dialog, and resolves
 * whether they did. Renders nothing otherwise.
 */
export function ReauthenticationProvider() {
  const [question, setQuestion] = useState<Question | null>(null);

  useEffect(() => setReauthenticationHandler(() => new Promise<boolean>((resolve) => setQuestion({ answer: resolve }))), []);

  const done = useCallback(
    (confirmed: boolean) => {
      question?.answer(confirmed);
      setQuestion(null);
    },
    [question],
  );

  if (!question) return null;
  return (
    <ErrorBoundary fallback={<Unavailable onDone={done} />}>
      <Suspense fallback={null}>
        <ReauthenticationDialog onDone={done} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** The dialog's code could not be fetched: the refused request keeps its refusal, and says so. */
function Unavailable({ onDone }: { onDone: (confirmed: boolean) => void }) {
  useEffect(() => onDone(false), [onDone]);
  return null;
}
