/**
 * GET /api/admin/documents/{id}/preview -> the file itself with `Content-Disposition: inline`, for
 * an administrator to look at in the page (an <img> or an <iframe>); the session cookie goes with it.
 */
export function documentPreviewPath(id: string): string {
  return `/api/admin/documents/${encodeURIComponent(id)}/preview`;
}
