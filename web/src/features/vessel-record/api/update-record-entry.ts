import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EntryRequest, RecordEntry } from "@/api/types";
import { recordQueryOptions } from "@/features/vessel-record/api/get-record";
import { apiFetch } from "@/lib/api-client";

/**
 * PATCH /api/vessels/{platformId}/record/{entryId} (the same fields, each optional) -> the entry.
 * Only the entry's author while they own the vessel: 403 for a previous owner's entry.
 */
export function updateRecordEntry({
  platformId,
  entryId,
  entry,
}: {
  platformId: string;
  entryId: string;
  entry: EntryRequest;
}): Promise<RecordEntry> {
  return apiFetch<RecordEntry>(`/api/vessels/${encodeURIComponent(platformId)}/record/${encodeURIComponent(entryId)}`, {
    method: "PATCH",
    json: entry,
  });
}

export function useUpdateRecordEntry(platformId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecordEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordQueryOptions(platformId).queryKey }),
  });
}
