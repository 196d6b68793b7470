import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { ADMIN_PAGE_SIZE } from "@/features/admin/api/page-params";
import { formatNumber } from "@/lib/format";

/**
 * 'Showing x-y of total <things>' with Previous and Next. `showingKey` names the i18n text, which
 * takes {{from}}, {{to}} and {{total}}.
 */
export function Pager({
  page,
  total,
  totalPages,
  showingKey,
  label,
  onPage,
}: {
  page: number;
  total: number;
  totalPages: number;
  showingKey: string;
  /** What the navigation is called for assistive technology. */
  label: string;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  const from = total === 0 ? 0 : (page - 1) * ADMIN_PAGE_SIZE + 1;
  const to = Math.min(page * ADMIN_PAGE_SIZE, total);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-4">
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {t(showingKey, { from: n(from), to: n(to), total: n(total) })}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          {t("admin.previous")}
        </Button>
        <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          {t("admin.next")}
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
