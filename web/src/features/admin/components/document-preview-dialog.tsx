import { Download, Eye } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { AdminDocument } from "@/api/types";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { documentPreviewPath } from "@/features/admin/api/document-preview";
import { documentDownloadPath } from "@/features/documents/public";

const IMAGE_TYPES = new Set(["image/jpeg", "image/png"]);

/**
 * 'Preview': the file shown inline in a dialog (an image, or a PDF in a frame) from the admin
 * preview endpoint, with a link that downloads it.
 */
export function DocumentPreviewDialog({ doc, label }: { doc: AdminDocument; label: string }) {
  const { t } = useTranslation();
  const src = documentPreviewPath(doc.id);
  const type = doc.contentType.toLowerCase();

  let preview;
  if (IMAGE_TYPES.has(type)) {
    preview = (
      <img
        src={src}
        alt={t("admin.documents.previewOf", { name: doc.fileName })}
        className="max-h-[70vh] w-full object-contain"
      />
    );
  } else if (type === "application/pdf") {
    preview = (
      <iframe
        src={src}
        title={t("admin.documents.previewOf", { name: doc.fileName })}
        className="h-[70vh] w-full rounded-md border border-border"
      />
    );
  } else {
    preview = <p className="text-sm text-muted-foreground">{t("admin.documents.noPreview")}</p>;
  }

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t("admin.documents.previewNamed", { name: doc.fileName })}>
          <Eye aria-hidden="true" />
          {t("admin.documents.preview")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle className="pr-8 break-all">{doc.fileName}</DialogTitle>
          <DialogDescription>
            {t("admin.documents.previewDescription", { type: label, platformId: doc.vesselPlatformId })}
          </DialogDescription>
        </DialogHeader>
        {preview}
        <div>
          <Button asChild variant="outline" size="sm">
            <a href={documentDownloadPath(doc.id)} download={doc.fileName}>
              <Download aria-hidden="true" />
              {t("admin.documents.download")}
            </a>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
