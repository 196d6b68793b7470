/**
 * GET /api/documents/{id}/download -> the file as an attachment (its detected content type,
 * `nosniff`, `no-store`), for the vessel's current owner and administrators. A plain link with
 * `download` fetches it with the session cookie; nothing is read by script.
 */
export function documentDownloadPath(id: string): string {
  return `/api/documents/${encodeURIComponent(id)}/download`;
}
