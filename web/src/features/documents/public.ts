// The documents feature's public entry. Other code imports the feature only from here. Documents
// knows no vessel query: whoever shows a vessel passes it in, and `onUploaded` / `onChanged` to
// refresh it.
import { lazyPart } from "@/lib/lazy-part";

// The vessels feature: the upload page's content once the vessel is found, the owner's document
// list on the vessel's page, and the documents' review state for its status grid. The upload form
// and the list are fetched when first shown (lazyPart), so a visitor's page does not carry them.
export const UploadDocuments = lazyPart(() => import("@/features/documents/components/upload-documents"), "UploadDocuments");
export const DocumentsSection = lazyPart(() => import("@/features/documents/components/documents-section"), "DocumentsSection");
export { pendingCount, useDocuments } from "@/features/documents/api/get-documents";
// The vessel record: an entry's linked document, its label and download link.
export { documentLabel } from "@/features/documents/components/document-labels";
export { documentDownloadPath } from "@/features/documents/api/download-document";
