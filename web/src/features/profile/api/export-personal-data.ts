import { useMutation } from "@tanstack/react-query";
import { apiDownload } from "@/lib/api-client";
import { saveFile } from "@/lib/download";

/** The name the server gives the file; used when its answer names none. */
export const EXPORT_FILE_NAME = "registry-personal-data.json";

/**
 * GET /api/profile/export -> everything the registry holds about the signed-in person, as one JSON
 * file (`PersonalData`), saved as the server names it. Needs a recent sign-in (the app asks for one
 * if not).
 */
export async function exportPersonalData(): Promise<void> {
  const file = await apiDownload("/api/profile/export", { headers: { Accept: "application/json" } });
  saveFile(file.blob, file.fileName ?? EXPORT_FILE_NAME);
}

export function useExportPersonalData() {
  return useMutation({ mutationFn: exportPersonalData });
}
