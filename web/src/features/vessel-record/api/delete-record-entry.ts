import { useMutation, useQueryClient } from "@tanstack/react-query";
import { recordQueryOptions } from "@/features/vessel-record/api/get-record";
import { apiFetch } from "@/lib/api-client";

/** DELETE /api/vessels/{platformId}/record/{entryId} -> 204. The entry's author while they own the vessel. */
export function deleteRecordEntry({ platformId, entryId }: { platformId: string; entryId: string }): Promise<void> {
  return apiFetch<undefined>(`/api/vessels/${encodeURIComponent(platformId)}/record/${encodeURIComponent(entryId)}`, {
    method: "DELETE",
  });
}

export function useDeleteRecordEntry(platformId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecordEntry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordQueryOptions(platformId).queryKey }),
  });
}
