import { Landmark } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { User, Vessel } from "@/api/types";
import { Alert } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { mayRegisterLien, useVesselLiens } from "@/features/vessels/api/liens";
import { LienCard } from "@/features/vessels/components/lien-card";
import { RegisterLienDialog } from "@/features/vessels/components/lien-forms";
import { errorMessage } from "@/lib/api-client";

/**
 * The vessel page's liens for those party to them: the owner's (pending ones with the consent
 * form), a lender's own, every one for an administrator; and 'Register a lien' for a verified
 * user who is not the owner, while the vessel is active. Nothing for anyone else: the public
 * reads the lenders in the 'Encumbered' notice.
 */
export function LiensSection({ vessel, user, owner }: { vessel: Vessel; user: User | null; owner: boolean }) {
  const { t } = useTranslation();
  const liens = useVesselLiens(vessel.id);
  const theirs = (liens.data ?? []).filter((lien) => lien.yourRole !== "public");
  const canRegister = !owner && vessel.status === "active" && mayRegisterLien(user);

  if (theirs.length === 0 && !canRegister && !(owner && liens.isError)) return null;
  const description = owner
    ? t("liens.ownerDescription")
    : user?.role === "admin"
      ? t("liens.adminDescription")
      : t("liens.lenderDescription");

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Landmark className="size-5 text-primary" aria-hidden="true" />
          {t("liens.heading")}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {liens.isError ? (
          <Alert variant="destructive" role="alert">
            {errorMessage(liens.error, t("common.genericError"))}
          </Alert>
        ) : null}
        {theirs.length > 0 ? (
          <ul className="grid gap-3">
            {theirs.map((lien) => (
              <li key={lien.id}>
                <LienCard lien={lien} transferOpen={vessel.status === "in_transfer"} />
              </li>
            ))}
          </ul>
        ) : null}
        {canRegister ? (
          <div>
            <RegisterLienDialog vessel={vessel} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
