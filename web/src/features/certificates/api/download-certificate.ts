import { useMutation } from "@tanstack/react-query";
import { apiDownload } from "@/lib/api-client";
import { saveFile } from "@/lib/download";

export type DownloadedCertificate = { serial: string | null; fileName: string };

/**
 * GET /api/vessels/{platformId}/certificate.pdf -> the registration certificate as a PDF
 * attachment, its serial in `X-Certificate-Serial`. The current owner of an active vessel only:
 * 403 for anyone else, 409 while the vessel is not active. The same certificate comes back while
 * nothing has changed. Fetched by script, so that a refusal shows its message instead of being
 * saved as the file.
 */
export async function downloadCertificate(platformId: string): Promise<DownloadedCertificate> {
  const file = await apiDownload(`/api/vessels/${encodeURIComponent(platformId)}/certificate.pdf`, {
    headers: { Accept: "application/pdf, application/json" },
  });
  const fileName = file.fileName ?? `certificate-${platformId}.pdf`;
  saveFile(file.blob, fileName);
  return { serial: file.headers.get("X-Certificate-Serial"), fileName };
}

export function useDownloadCertificate() {
  return useMutation({ mutationFn: downloadCertificate });
}
