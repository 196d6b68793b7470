import { useTranslation } from "react-i18next";
import type { Lien } from "@/api/types";
import { Alert } from "@/components/ui/alert";
import { useMyLiens } from "@/features/vessels/api/liens";
import { LienCard } from "@/features/vessels/components/lien-card";
import { errorMessage } from "@/lib/api-client";

/**
 * The dashboard's 'Liens': those on the reader's vessels, where an owner texted a code consents to
 * a pending one, and those they hold, with release and consent to a transfer. Released liens are
 * history, read on the vessel's page; nothing shows when none stands.
 */
export function DashboardLiens() {
  const { t } = useTranslation();
  const liens = useMyLiens();

  if (liens.isPending) return null;
  if (liens.isError) {
    return (
      <Alert variant="destructive" role="alert">
        {errorMessage(liens.error, t("common.genericError"))}
      </Alert>
    );
  }
  const standing = liens.data.filter((lien) => lien.status !== "released");
  const onMine = standing.filter((lien) => lien.yourRole === "owner");
  const held = standing.filter((lien) => lien.yourRole === "lender");
  if (onMine.length === 0 && held.length === 0) return null;

  return (
    <section aria-labelledby="dashboard-liens" className="grid gap-4">
      <h2 id="dashboard-liens" className="text-xl font-semibold">
        {t("liens.heading")}
      </h2>
      <LienList id="dashboard-liens-mine" heading={t("liens.onMyVessels")} liens={onMine} />
      <LienList id="dashboard-liens-held" heading={t("liens.held")} liens={held} />
    </section>
  );
}

function LienList({ id, heading, liens }: { id: string; heading: string; liens: Lien[] }) {
  if (liens.length === 0) return null;
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="text-lg font-semibold">
        {heading}
      </h3>
      <ul className="grid gap-3">
        {liens.map((lien) => (
          <li key={lien.id}>
            <LienCard lien={lien} showVessel headingLevel={4} />
          </li>
        ))}
      </ul>
    </section>
  );
}
