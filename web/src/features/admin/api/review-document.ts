import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Document, ReviewRequest } from "@/api/types";
import { adminDocumentsBaseKey } from "@/features/admin/api/get-admin-documents";
import { apiFetch } from "@/lib/api-client";

/**
 * POST /api/admin/documents/{id}/review {decision, reason?} -> the document. `verified`, or
 * `rejected` with the reason its owner is told (422 without one).
 */
export function reviewDocument({ id, ...body }: { id: string } & ReviewRequest): Promise<Document> {
  return apiFetch<Document>(`/api/admin/documents/${encodeURIComponent(id)}/review`, { method: "POST", json: body });
}

export function useReviewDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminDocumentsBaseKey }),
  });
}
