// The documents feature's public entry. Other code imports the feature only from here. Documents
// knows no vessel query: whoever shows a vessel passes it in, and `onUploaded` / `onChanged` to
// refresh it.

// The vessels feature: the upload page's content once the vessel is found, the owner's document
// list on the vessel's page, and the documents' review state for its status grid.
export { UploadDocuments } from "@/features/documents/components/upload-documents";
export { DocumentsSection } from "@/features/documents/components/documents-section";
export { pendingCount, useDocuments } from "@/features/documents/api/get-documents";
// The vessel record: an entry's linked document, its label and download link.
export { documentLabel } from "@/features/documents/components/document-labels";
export { documentDownloadPath } from "@/features/documents/api/download-document";
