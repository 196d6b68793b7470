import { z } from "@/lib/zod";
import type { DocumentType } from "@/api/types";

// Spec sections 5 (Document add) and 9 (file upload limits). The server checks every limit
// again (and the file's contents); these catch the obvious before a file is queued. Messages
// are i18n keys (see `validation.*` in en.json / nl.json).

/** The document types in the order the select lists them (spec section 3). */
export const DOCUMENT_TYPES = [
  "proof_of_purchase",
  "registration_document",
  "invoice",
  "other_proof",
  "custom",
] as const satisfies readonly DocumentType[];

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES = 10;
export const MAX_TOTAL_BYTES = 50 * 1024 * 1024;
export const MAX_CUSTOM_TYPE_LENGTH = 100;
export const ACCEPTED_EXTENSIONS = [".pdf", ".jpg", ".jpeg", ".png"] as const;
/** The file picker's `accept`. */
export const ACCEPT = ACCEPTED_EXTENSIONS.join(",");

export function isDocumentType(value: string): value is DocumentType {
  return (DOCUMENT_TYPES as readonly string[]).includes(value);
}

export function hasAcceptedExtension(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return ACCEPTED_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

export const documentItemSchema = z
  .object({
    documentType: z.string(),
    customType: z.string(),
    file: z.custom<File | null>((v) => v === null || v instanceof File),
  })
  // One refinement for every field, so that all the problems show at once.
  .superRefine((v, ctx) => {
    const issue = (path: "documentType" | "customType" | "file", message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (!isDocumentType(v.documentType)) issue("documentType", "validation.selectDocumentType");
    if (v.documentType === "custom") {
      const name = v.customType.trim();
      if (!name) issue("customType", "validation.customTypeRequired");
      // Characters as the server counts them: code points, not UTF-16 units.
      else if (Array.from(name).length > MAX_CUSTOM_TYPE_LENGTH) issue("customType", "validation.customTypeMax");
    }
    if (!v.file) issue("file", "validation.selectFile");
    else if (!hasAcceptedExtension(v.file.name)) issue("file", "validation.fileType");
    else if (v.file.size > MAX_FILE_BYTES) issue("file", "validation.fileTooLarge");
    else if (v.file.size === 0) issue("file", "validation.fileEmpty");
  });

export type DocumentItemValues = z.infer<typeof documentItemSchema>;

export const documentItemDefaults: DocumentItemValues = { documentType: "", customType: "", file: null };

/**
 * What keeps a valid file out of the queue as it stands: the request's limits (10 files, 50 MB
 * in all), or the same file queued already. An i18n key, or null when it may be added.
 */
export function queueIssue(queued: readonly { file: File }[], file: File): string | null {
  if (queued.length >= MAX_FILES) return "validation.queueFull";
  if (queued.some((q) => q.file.name === file.name && q.file.size === file.size && q.file.lastModified === file.lastModified)) {
    return "validation.fileQueued";
  }
  const total = queued.reduce((sum, q) => sum + q.file.size, 0);
  if (total + file.size > MAX_TOTAL_BYTES) return "validation.queueTooLarge";
  return null;
}
