import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { useVerifyEmail } from "@/features/auth/api/verify-email";
import { ApiError, errorMessage, serverText } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";

type State = { kind: "loading" } | { kind: "success"; message: string } | { kind: "error"; message: string };

export function VerifyEmailPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("verifyEmail.documentTitle"));
  const [params] = useSearchParams();
  const token = params.get("token");
  const verify = useVerifyEmail();
  const [state, setState] = useState<State>(() =>
    token ? { kind: "loading" } : { kind: "error", message: t("verifyEmail.missingToken") },
  );

  const verifyToken = useEffectEvent((token: string) => {
    verify.mutate(
      { token },
      {
        onSuccess: (data) =>
          setState({
            kind: "success",
            message: data.message ? serverText(data.messageCode, data.message) : t("verifyEmail.successFallback"),
          }),
        onError: (err) => {
          let message: string;
          if (err instanceof ApiError) {
            message = errorMessage(err, t("verifyEmail.failedFallback"));
          } else {
            message = t("verifyEmail.unexpectedError");
          }
          setState({ kind: "error", message });
          toast({
            variant: "destructive",
            title: t("verifyEmail.failedTitle"),
            error: err,
            description: errorMessage(err, t("verifyEmail.toastFallback")),
          });
        },
      },
    );
  });

  // Tokens are single-use: post once per page, even when StrictMode runs effects twice.
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verifyToken(token);
  }, [token]);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <Card>
        <CardContent className="grid gap-4 pt-6 text-center" aria-live="polite">
          {state.kind === "loading" ? (
            <>
              <Loader2 className="mx-auto size-10 animate-spin text-primary" aria-hidden="true" />
              <h1 className="text-2xl font-bold">{t("verifyEmail.loadingTitle")}</h1>
              <p role="status" className="text-muted-foreground">
                {t("common.loading")}
              </p>
            </>
          ) : null}
          {state.kind === "success" ? (
            <>
              <CheckCircle2 className="mx-auto size-10 text-success" aria-hidden="true" />
              <h1 className="text-2xl font-bold">{t("verifyEmail.successTitle")}</h1>
              <p className="text-muted-foreground">{state.message}</p>
              <Button asChild>
                <Link to="/login">{t("verifyEmail.goToLogin")}</Link>
              </Button>
            </>
          ) : null}
          {state.kind === "error" ? (
            <>
              <XCircle className="mx-auto size-10 text-destructive" aria-hidden="true" />
              <h1 className="text-2xl font-bold">{t("verifyEmail.failedTitle")}</h1>
              <p className="text-muted-foreground">{state.message}</p>
              <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
                <Button asChild>
                  <Link to="/signup">{t("verifyEmail.registerAgain")}</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to="/login">{t("verifyEmail.backToLogin")}</Link>
                </Button>
              </div>
            </>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
