import { useCallback, useRef, useState } from "react";
import type { UploadItem } from "@/features/documents/api/upload-documents";

/** A queued document: what will be uploaded, with a key of its own for the list. */
export type QueuedDocument = UploadItem & { key: string };

/**
 * The local upload queue (spec section 5, Upload): documents are added one at a time, can be
 * removed again, and are then uploaded together in one request.
 */
export function useUploadQueue() {
  const [items, setItems] = useState<QueuedDocument[]>([]);
  const nextKey = useRef(0);

  const add = useCallback((item: UploadItem): QueuedDocument => {
    nextKey.current += 1;
    const queued = { ...item, key: `queued-${nextKey.current}` };
    setItems((current) => [...current, queued]);
    return queued;
  }, []);

  const remove = useCallback((key: string) => setItems((current) => current.filter((q) => q.key !== key)), []);

  const clear = useCallback(() => setItems([]), []);

  return { items, add, remove, clear };
}
