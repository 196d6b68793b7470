import { useMutation } from "@tanstack/react-query";
import { apiDownload } from "@/lib/api-client";
import { saveFile } from "@/lib/download";

/**
 * GET /api/transfers/{id}/record.pdf -> the signed record of a completed sale (both parties get the
 * same one; its serial in `X-Record-Serial`). 409 before the transfer completes and its vessel is
 * claimed; 404 for anyone but its two parties.
 */
export async function downloadTransferRecord(transferId: string): Promise<string> {
  const file = await apiDownload(`/api/transfers/${encodeURIComponent(transferId)}/record.pdf`, {
    headers: { Accept: "application/pdf, application/json" },
  });
  const serial = file.headers.get("X-Record-Serial") ?? transferId;
  saveFile(file.blob, file.fileName ?? `transfer-record-${serial}.pdf`);
  return serial;
}

export function useDownloadTransferRecord() {
  return useMutation({ mutationFn: downloadTransferRecord });
}
