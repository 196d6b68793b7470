import { Fragment, type ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { DataTable } from "@/features/admin/components/data-table";
import { EmptyState, LoadError, LoadingRows } from "@/features/admin/components/list-states";
import { Pager } from "@/features/admin/components/pager";

/** A page of an admin list as the server answers it. */
type ListPage = { data: readonly { id: string | number }[]; total: number; totalPages: number };

/**
 * An admin list's page: skeletons while it loads, the server's message when it could not be read,
 * `empty` when it holds nothing, else its rows in a table (kept on screen, marked busy, while the
 * next page loads) and the pager under it. `summary` stands above the rows (or the empty text) once
 * the page is read.
 */
export function PagedTable<P extends ListPage>({
  query,
  caption,
  columns,
  empty,
  renderRow,
  summary,
  page,
  onPage,
  showingKey,
  label,
}: {
  query: UseQueryResult<P>;
  caption: string;
  columns: readonly ReactNode[];
  empty: ReactNode;
  /** One `<tr>` for an item of the page. */
  renderRow: (item: P["data"][number]) => ReactNode;
  summary?: (data: P) => ReactNode;
  page: number;
  onPage: (page: number) => void;
  /** The pager's i18n text, given {{from}}, {{to}} and {{total}}. */
  showingKey: string;
  /** What the pager's navigation is called for assistive technology. */
  label: string;
}) {
  if (query.isPending) return <LoadingRows />;
  if (query.isError) return <LoadError error={query.error} />;
  const { data } = query;
  return (
    <>
      {summary?.(data)}
      {data.data.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <>
          <DataTable caption={caption} busy={query.isPlaceholderData} columns={columns}>
            {data.data.map((item) => (
              <Fragment key={item.id}>{renderRow(item)}</Fragment>
            ))}
          </DataTable>
          <Pager
            page={page}
            total={data.total}
            totalPages={data.totalPages}
            showingKey={showingKey}
            label={label}
            onPage={onPage}
          />
        </>
      )}
    </>
  );
}
