import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";

/** A scrollable table with a caption for assistive technology and column headers. */
export function DataTable({
  caption,
  columns,
  children,
  busy,
}: {
  caption: string;
  columns: readonly ReactNode[];
  children: ReactNode;
  /** The rows shown are the previous page's while the next one loads. */
  busy?: boolean;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border" aria-busy={busy || undefined}>
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </div>
  );
}

export function Cell({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-3 py-3 align-top", className)} {...props} />;
}

/** A row's actions, right-aligned and wrapping. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <Cell>
      <div className="flex flex-wrap justify-end gap-2">{children}</div>
    </Cell>
  );
}
