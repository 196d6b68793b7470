import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { User } from "@/api/types";
import { Page } from "@/components/layout/page";
import { LoadingState, RequireAuth } from "@/components/layout/require-auth";
import { Alert } from "@/components/ui/alert";
import { UploadDocuments } from "@/features/documents/public";
import { myVesselsQueryOptions } from "@/features/vessels/api/get-my-vessels";
import { useVessel, vesselQueryOptions } from "@/features/vessels/api/get-vessel";
import { searchVesselsBaseKey } from "@/features/vessels/api/search-vessels";
import { hasTypo, isCurrentOwner, isNotFound, VesselNotFound } from "@/features/vessels/components/vessel-detail-page";
import { errorMessage } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * /registry/{platformId}/upload-documents: 'Authentication Required' for guests; otherwise finds
 * the vessel ('Vessel Not Found' when it is unknown or not visible to the caller) and hands it to
 * the documents feature, which asks the server who may upload and tells this feature when the
 * vessel's views need refreshing.
 */
export function UploadDocumentsPage() {
  // Its code is fetched with the page's data, not after them.
  useEffect(() => UploadDocuments.preload(), []);
  const { t } = useTranslation();
  // Named while signed out or loading too; the vessel's part below says 'Vessel Not Found'.
  useDocumentTitle(t("upload.title"));
  const { platformId = "" } = useParams();
  return <RequireAuth>{(user) => <UploadForVessel platformId={platformId} user={user} />}</RequireAuth>;
}

function UploadForVessel({ platformId, user }: { platformId: string; user: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const vessel = useVessel(platformId);
  const notFound = vessel.isError && isNotFound(vessel.error);
  useDocumentTitle(notFound ? t("vesselDetail.notFoundTitle") : t("upload.title"));

  if (vessel.isPending) return <LoadingState />;
  if (vessel.isError) {
    if (notFound) return <VesselNotFound typo={hasTypo(vessel.error, platformId)} />;
    return (
      <Page title={t("upload.title")}>
        <Alert variant="destructive" role="alert">
          {errorMessage(vessel.error, t("common.genericError"))}
        </Alert>
      </Page>
    );
  }

  const { platformId: canonical } = vessel.data.vessel;
  const onUploaded = () => {
    for (const queryKey of [vesselQueryOptions(canonical).queryKey, myVesselsQueryOptions().queryKey, searchVesselsBaseKey]) {
      void queryClient.invalidateQueries({ queryKey });
    }
    if (canonical !== platformId) void queryClient.invalidateQueries({ queryKey: vesselQueryOptions(platformId).queryKey });
  };
  return <UploadDocuments vessel={vessel.data.vessel} isOwner={isCurrentOwner(vessel.data, user)} onUploaded={onUploaded} />;
}
