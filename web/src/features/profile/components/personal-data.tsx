import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useExportPersonalData } from "@/features/profile/api/export-personal-data";
import { errorMessage } from "@/lib/api-client";

/** 'Download my data': everything the registry holds about the person, as one JSON file (GDPR Art. 15 and 20). */
export function PersonalData() {
  const { t } = useTranslation();
  const download = useExportPersonalData();
  const onDownload = () =>
    download.mutate(undefined, {
      onSuccess: () => toast({ title: t("personalData.downloadedTitle") }),
      onError: (err) =>
        toast({
          variant: "destructive",
          title: t("personalData.failed"),
          error: err,
          description: errorMessage(err, t("common.genericError")),
        }),
    });
  return (
    <Button variant="outline" onClick={onDownload} disabled={download.isPending}>
      <Download aria-hidden="true" />
      {download.isPending ? t("personalData.downloading") : t("personalData.download")}
    </Button>
  );
}
