import { FileBadge } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useDownloadCertificate } from "@/features/certificates/api/download-certificate";
import { errorMessage } from "@/lib/api-client";

/**
 * 'Download certificate (PDF)': the vessel's signed registration certificate, for its current
 * owner while it is active. The toast names the serial and links to its public check.
 */
export function CertificateDownloadButton({ platformId }: { platformId: string }) {
  const { t } = useTranslation();
  const download = useDownloadCertificate();

  const onClick = () =>
    download.mutate(platformId, {
      onSuccess: ({ serial }) =>
        toast({
          title: t("certificates.downloadedTitle"),
          description: serial ? (
            <>
              {t("certificates.downloadedSerial", { serial })}{" "}
              <Link to={`/verify/${encodeURIComponent(serial)}`} className="underline">
                {t("certificates.checkLink")}
              </Link>
            </>
          ) : undefined,
        }),
      onError: (err) =>
        toast({
          variant: "destructive",
          title: t("certificates.downloadFailedTitle"),
          error: err,
          description: errorMessage(err, t("common.genericError")),
        }),
    });

  return (
    <Button variant="outline" onClick={onClick} disabled={download.isPending}>
      <FileBadge aria-hidden="true" />
      {download.isPending ? t("certificates.downloading") : t("certificates.download")}
    </Button>
  );
}
