import { useQueryClient } from "@tanstack/react-query";
import { SearchX } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Page } from "@/components/layout/page";
import { RequireAuth } from "@/components/layout/require-auth";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { TransferWizard } from "@/features/transfers/public";
import { myVesselsQueryOptions, useMyVessels } from "@/features/vessels/api/get-my-vessels";
import { vesselQueryOptions } from "@/features/vessels/api/get-vessel";
import { searchVesselsBaseKey } from "@/features/vessels/api/search-vessels";
import { errorMessage } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * /transfer/{vesselId}: finds the vessel among the signed-in owner's own ('Vessel Not Found'
 * when it is missing or someone else's) and hands it to the transfers feature's wizard, which
 * tells this feature when the vessel's views need refreshing.
 */
export function TransferPage() {
  // Its code is fetched with the page's data, not after them.
  useEffect(() => TransferWizard.preload(), []);
  const { t } = useTranslation();
  // Named while signed out or loading too; the wizard and 'Vessel Not Found' name it again.
  useDocumentTitle(t("transferWizard.title"));
  const { vesselId = "" } = useParams();
  return <RequireAuth>{() => <TransferOwnVessel vesselId={vesselId} />}</RequireAuth>;
}

function TransferOwnVessel({ vesselId }: { vesselId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const vessels = useMyVessels();
  const vessel = vessels.data?.find((v) => v.id === vesselId);

  if (vessels.isPending) {
    return (
      <Page title={t("transferWizard.title")}>
        <div role="status" aria-label={t("common.loading")} className="grid gap-4">
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-64 w-full" />
        </div>
      </Page>
    );
  }
  if (vessels.isError) {
    return (
      <Page title={t("transferWizard.title")}>
        <Alert variant="destructive" role="alert">
          {errorMessage(vessels.error, t("common.genericError"))}
        </Alert>
      </Page>
    );
  }
  if (!vessel) return <TransferVesselNotFound />;

  const onChanged = () => {
    for (const queryKey of [
      myVesselsQueryOptions().queryKey,
      vesselQueryOptions(vessel.platformId).queryKey,
      searchVesselsBaseKey,
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
  return <TransferWizard vessel={vessel} onChanged={onChanged} />;
}

function TransferVesselNotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t("vesselDetail.notFoundTitle"));
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-4 px-4 py-20 text-center">
      <SearchX className="size-12 text-primary" aria-hidden="true" />
      <h1 className="text-3xl font-bold">{t("vesselDetail.notFoundTitle")}</h1>
      <p className="text-muted-foreground">{t("transferWizard.notFoundDescription")}</p>
      <Button asChild>
        <Link to="/dashboard">{t("transferWizard.backToDashboard")}</Link>
      </Button>
    </div>
  );
}
