import { Download, FileArchive } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useExportPersonalData } from "@/features/profile/api/export-personal-data";
import { errorMessage } from "@/lib/api-client";

/**
 * 'Download my data': everything the registry holds about the person, as one JSON file, or as a
 * ZIP with the files of the documents they uploaded too (GDPR Art. 15 and 20).
 */
export function PersonalData() {
  const { t } = useTranslation();
  const download = useExportPersonalData();
  const withFiles = download.isPending && download.variables?.withFiles === true;
  const onDownload = (files: boolean) =>
    download.mutate(
      { withFiles: files },
      {
        onSuccess: () => toast({ title: t("personalData.downloadedTitle") }),
        onError: (err) =>
          toast({
            variant: "destructive",
            title: t("personalData.failed"),
            error: err,
            description: errorMessage(err, t("common.genericError")),
          }),
      },
    );
  return (
    <div className="flex flex-wrap gap-3">
      <Button variant="outline" onClick={() => onDownload(false)} disabled={download.isPending}>
        <Download aria-hidden="true" />
        {download.isPending && !withFiles ? t("personalData.downloading") : t("personalData.download")}
      </Button>
      <Button variant="outline" onClick={() => onDownload(true)} disabled={download.isPending}>
        <FileArchive aria-hidden="true" />
        {withFiles ? t("personalData.downloading") : t("personalData.downloadWithFiles")}
      </Button>
    </div>
  );
}
