import { useMutation, useQueryClient } from "@tanstack/react-query";
import { documentsQueryOptions } from "@/features/documents/api/get-documents";
import { apiFetch } from "@/lib/api-client";

/**
 * DELETE /api/documents/{id} -> 204: the current owner withdraws a document the registry has not
 * verified. 409 once it is verified (verified documents stay with the vessel); 404 for anyone else.
 */
export function deleteDocument(id: string): Promise<void> {
  return apiFetch<undefined>(`/api/documents/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export function useDeleteDocument(platformId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    // Also after a 409: show what the document is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsQueryOptions(platformId).queryKey }),
  });
}
