import { Anchor, Euro, Globe2 } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useStats } from "@/features/landing/api/get-stats";
import { formatEuroCents, formatNumber } from "@/lib/format";

function Tile({ icon, label, value, loading }: { icon: ReactNode; label: string; value: string; loading: boolean }) {
  return (
    <Card>
      <CardContent className="flex items-center gap-4 pt-6">
        <div className="rounded-full bg-secondary p-3 text-primary">{icon}</div>
        <div>
          {loading ? <Skeleton className="mb-1 h-8 w-24" /> : <p className="text-3xl font-bold">{value}</p>}
          <p className="text-sm text-muted-foreground">{label}</p>
        </div>
      </CardContent>
    </Card>
  );
}

export function StatTiles() {
  const { t, i18n } = useTranslation();
  const stats = useStats();
  const loading = stats.isPending;
  const unknown = t("landing.stats.unavailable");
  const data = stats.data;

  return (
    <section aria-labelledby="stats-heading" aria-busy={loading} className="mx-auto max-w-6xl px-4">
      <h2 id="stats-heading" className="sr-only">
        {t("landing.stats.heading")}
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <Tile
          icon={<Anchor className="size-6" aria-hidden="true" />}
          label={t("landing.stats.registeredVessels")}
          value={data ? formatNumber(data.registeredVessels, i18n.language) : unknown}
          loading={loading}
        />
        <Tile
          icon={<Euro className="size-6" aria-hidden="true" />}
          label={t("landing.stats.oneTimeFee")}
          value={data ? formatEuroCents(data.registrationFeeCents, i18n.language) : unknown}
          loading={loading}
        />
        <Tile
          icon={<Globe2 className="size-6" aria-hidden="true" />}
          label={t("landing.stats.countries")}
          value={data ? formatNumber(data.countries, i18n.language) : unknown}
          loading={loading}
        />
      </div>
    </section>
  );
}
