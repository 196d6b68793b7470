import { useMutation } from "@tanstack/react-query";
import { apiDownload } from "@/lib/api-client";
import { saveFile } from "@/lib/download";

/**
 * GET /api/vessels/{platformId}/record.pdf -> the 'Vessel record' PDF: the certificate data, the
 * anonymised ownership history with its chain head, the documents with their status, and the
 * maintenance record. The current owner only. Fetched by script, so that a refusal shows its
 * message instead of being saved as the file.
 */
export async function downloadRecordPdf(platformId: string): Promise<string> {
  const file = await apiDownload(`/api/vessels/${encodeURIComponent(platformId)}/record.pdf`, {
    headers: { Accept: "application/pdf, application/json" },
  });
  const fileName = file.fileName ?? `vessel-record-${platformId}.pdf`;
  saveFile(file.blob, fileName);
  return fileName;
}

export function useDownloadRecordPdf() {
  return useMutation({ mutationFn: downloadRecordPdf });
}
