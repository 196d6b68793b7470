import { ArrowRightLeft, Euro, Ship, Users } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAdminStats } from "@/features/admin/api/get-admin-stats";
import { LoadError } from "@/features/admin/components/list-states";
import { formatMoneyCents, formatNumber } from "@/lib/format";

/** Total Vessels, Active Transfers, Revenue (30d) and Active Users, from GET /api/admin/stats. */
export function AdminStats() {
  const { t, i18n } = useTranslation();
  const stats = useAdminStats();
  if (stats.isError) return <LoadError error={stats.error} />;

  const data = stats.data;
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <ul
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
      aria-label={t("admin.stats.label")}
      aria-busy={stats.isPending || undefined}
    >
      <StatCard icon={<Ship aria-hidden="true" />} label={t("admin.stats.totalVessels")} value={data && n(data.totalVessels)} />
      <StatCard
        icon={<ArrowRightLeft aria-hidden="true" />}
        label={t("admin.stats.activeTransfers")}
        value={data && n(data.activeTransfers)}
      />
      <StatCard
        icon={<Euro aria-hidden="true" />}
        label={t("admin.stats.revenue30d")}
        value={data && formatMoneyCents(data.revenue30dCents, data.currency, i18n.language)}
      />
      <StatCard icon={<Users aria-hidden="true" />} label={t("admin.stats.activeUsers")} value={data && n(data.activeUsers)} />
    </ul>
  );
}

function StatCard({ icon, label, value }: { icon: ReactNode; label: string; value: string | undefined }) {
  return (
    <li>
      <Card className="flex h-full items-center gap-4 p-5 [&>svg]:size-8 [&>svg]:shrink-0 [&>svg]:text-primary">
        {icon}
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">{label}</p>
          {value === undefined ? <Skeleton className="h-8 w-20" /> : <p className="text-2xl font-bold">{value}</p>}
        </div>
      </Card>
    </li>
  );
}
