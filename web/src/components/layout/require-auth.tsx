import { LockKeyhole } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { User } from "@/api/types";
import { Page } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useCurrentUser } from "@/lib/auth/get-current-user";

export function LoadingState() {
  const { t } = useTranslation();
  return (
    <div role="status" className="mx-auto max-w-3xl px-4 py-16 text-center text-muted-foreground">
      {t("common.loading")}
    </div>
  );
}

/** "Authentication Required" with a Sign In link that brings the user back here afterwards. */
export function SignInPrompt() {
  const { t } = useTranslation();
  const location = useLocation();
  const next = `${location.pathname}${location.search}`;
  return (
    <Page title={t("auth.required.title")} width="narrow">
      <Card>
        <CardContent className="grid gap-4 pt-6 text-center">
          <LockKeyhole className="mx-auto size-10 text-primary" aria-hidden="true" />
          <p className="text-muted-foreground">{t("auth.required.description")}</p>
          <Button asChild>
            <Link to={`/login?next=${encodeURIComponent(next)}`} state={{ from: next }}>
              {t("nav.signIn")}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </Page>
  );
}

/** Renders children for a signed-in user; otherwise a sign-in prompt (never a blank page). */
export function RequireAuth({ children }: { children: (user: User) => ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <LoadingState />;
  if (!user) return <SignInPrompt />;
  return <>{children(user)}</>;
}
