import { useMutation } from "@tanstack/react-query";
import { apiDownload } from "@/lib/api-client";
import { saveFile } from "@/lib/download";

/** The names the server gives the files; used when its answer names none. */
export const EXPORT_FILE_NAME = "registry-personal-data.json";
export const EXPORT_ZIP_NAME = "registry-personal-data.zip";

/**
 * GET /api/profile/export -> everything the registry holds about the signed-in person, as one JSON
 * file (`PersonalData`); with `?include=files` a ZIP of that file and the files of the documents
 * they uploaded. Saved as the server names it. Needs a recent sign-in (the app asks for one if
 * not); 409 `export_files_too_large` when the files exceed what one ZIP holds.
 */
export async function exportPersonalData({ withFiles = false }: { withFiles?: boolean } = {}): Promise<void> {
  const file = withFiles
    ? await apiDownload("/api/profile/export?include=files", { headers: { Accept: "application/zip, application/json" } })
    : await apiDownload("/api/profile/export", { headers: { Accept: "application/json" } });
  saveFile(file.blob, file.fileName ?? (withFiles ? EXPORT_ZIP_NAME : EXPORT_FILE_NAME));
}

export function useExportPersonalData() {
  return useMutation({ mutationFn: exportPersonalData });
}
