import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EntryRequest, RecordEntry } from "@/api/types";
import { recordQueryOptions } from "@/features/vessel-record/api/get-record";
import { apiFetch } from "@/lib/api-client";

/**
 * POST /api/vessels/{platformId}/record {date, kind, description, amountCents?, documentId?} ->
 * 201 with the entry. The current owner only (403); 422 field errors (`date`, `kind`,
 * `description`, `amountCents`, `documentId`).
 */
export function createRecordEntry({ platformId, entry }: { platformId: string; entry: EntryRequest }): Promise<RecordEntry> {
  return apiFetch<RecordEntry>(`/api/vessels/${encodeURIComponent(platformId)}/record`, { method: "POST", json: entry });
}

export function useCreateRecordEntry(platformId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecordEntry,
    // The totals are the server's: read the whole record again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordQueryOptions(platformId).queryKey }),
  });
}
