import { FileDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useDownloadRecordPdf } from "@/features/vessel-record/api/download-record-pdf";
import { errorMessage } from "@/lib/api-client";

/** 'Download vessel record (PDF)': certificate data, ownership history, documents and maintenance record in one file. */
export function RecordPdfButton({ platformId }: { platformId: string }) {
  const { t } = useTranslation();
  const download = useDownloadRecordPdf();
  const onClick = () =>
    download.mutate(platformId, {
      onSuccess: () => toast({ title: t("vesselRecord.pdfDownloadedTitle") }),
      onError: (err) =>
        toast({
          variant: "destructive",
          title: t("vesselRecord.pdfFailedTitle"),
          error: err,
          description: errorMessage(err, t("common.genericError")),
        }),
    });
  return (
    <Button variant="outline" onClick={onClick} disabled={download.isPending}>
      <FileDown aria-hidden="true" />
      {download.isPending ? t("vesselRecord.pdfDownloading") : t("vesselRecord.pdfDownload")}
    </Button>
  );
}
