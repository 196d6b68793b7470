import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MailboxMessage } from "@/api/types";
import { apiFetch } from "@/lib/api-client";

/** GET /api/dev/mailbox -> captured emails and SMS, newest first (404 outside dev mode). */
export function getMailbox(): Promise<MailboxMessage[]> {
  return apiFetch<MailboxMessage[]>("/api/dev/mailbox");
}

export const mailboxQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/dev/mailbox"],
    queryFn: getMailbox,
  });

export function useMailbox() {
  // New messages arrive all the time in development: refetch whenever the page opens.
  return useQuery({ ...mailboxQueryOptions(), refetchOnMount: "always" });
}
