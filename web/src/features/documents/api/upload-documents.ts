import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Document, DocumentType } from "@/api/types";
import { documentsQueryOptions } from "@/features/documents/api/get-documents";
import { apiFetch } from "@/lib/api-client";

/** One file of an upload with its type (and, for `custom`, the owner's name for it). */
export type UploadItem = { documentType: DocumentType; customType: string | null; file: File };

/**
 * The multipart form: for each file, 0-based, `documentType_{i}`, `customType_{i}` (custom only)
 * and the file itself under `files`. The vessel is named in the address.
 */
export function toUploadForm(items: readonly UploadItem[]): FormData {
  const form = new FormData();
  items.forEach((item, index) => {
    form.append(`documentType_${index}`, item.documentType);
    if (item.documentType === "custom" && item.customType) form.append(`customType_${index}`, item.customType);
    form.append("files", item.file, item.file.name);
  });
  return form;
}

/**
 * POST /api/vessels/{platformId}/documents (multipart/form-data) -> 201 with the stored documents,
 * all or nothing. 401; 403 for anyone but the current owner, answered before the files are sent;
 * 409 when the vessel no longer takes documents; 413 (a file over 10 MB, more than 10 files or
 * over 50 MB) and 415 (not a PDF, JPEG or PNG, or not what its name says) with a message naming
 * the file; 422 field errors keyed `documentType_{i}` / `customType_{i}`; 503 when storage is
 * unavailable.
 */
export function uploadDocuments({
  platformId,
  items,
}: {
  platformId: string;
  items: readonly UploadItem[];
}): Promise<Document[]> {
  // No Content-Type of our own: the browser sets multipart/form-data with its boundary.
  return apiFetch<Document[]>(`/api/vessels/${encodeURIComponent(platformId)}/documents`, {
    method: "POST",
    body: toUploadForm(items),
  });
}

export function useUploadDocuments(platformId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocuments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsQueryOptions(platformId).queryKey }),
  });
}
