import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Lien, LienStatus } from "@/api/types";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import {
  AdminReleaseLienDialog,
  ConsentTransferButton,
  LienConsentForm,
  lienVessel,
  ReleaseLienButton,
} from "@/features/vessels/components/lien-forms";
import { formatDate, formatMoneyCents } from "@/lib/format";

const STATUS_BADGES: Record<LienStatus, BadgeProps["variant"]> = {
  pending: "warning",
  active: "destructive",
  released: "secondary",
};

type LienCardProps = {
  lien: Lien;
  /** Heads the card with the vessel (a list of several vessels' liens) rather than the lender. */
  showVessel?: boolean;
  /**
   * Whether the vessel has an open transfer the lender may consent to; undefined where the list
   * does not know (the dashboard), and the server says whether there is one.
   */
  transferOpen?: boolean;
  /** The heading level of the card's title inside the page (default 3). */
  headingLevel?: 3 | 4;
};

/**
 * One lien as a party to it sees it: lender, reference, amount, status and dates, and what the
 * reader's part in it lets them do (the owner consents to a pending one, the lender consents to a
 * transfer or releases it, an administrator releases it with a reason).
 */
export function LienCard({ lien, showVessel = false, transferOpen, headingLevel = 3 }: LienCardProps) {
  const { t, i18n } = useTranslation();
  const Heading = headingLevel === 4 ? "h4" : "h3";
  const titleId = `lien-${lien.id}-title`;
  const date = (iso: string) => formatDate(iso, i18n.language);
  const open = lien.status !== "released";

  return (
    <Card className="grid gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-0.5">
          <Heading id={titleId} className="font-semibold">
            {showVessel ? lienVessel(lien) : lien.lenderName}
          </Heading>
          {showVessel ? (
            <p className="text-sm text-muted-foreground">
              <Link
                to={`/registry/${encodeURIComponent(lien.platformId)}`}
                className="font-mono text-primary hover:underline"
                aria-describedby={titleId}
              >
                {lien.platformId}
              </Link>
            </p>
          ) : null}
        </div>
        <Badge variant={STATUS_BADGES[lien.status]}>{t(`liens.status.${lien.status}`)}</Badge>
      </div>

      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {showVessel ? <Detail label={t("liens.lender")}>{lien.lenderName}</Detail> : null}
        {lien.amountCents != null ? (
          <Detail label={t("liens.amount")}>{formatMoneyCents(lien.amountCents, lien.currency ?? "EUR", i18n.language)}</Detail>
        ) : null}
        {lien.reference ? <Detail label={t("liens.reference")}>{lien.reference}</Detail> : null}
        <Detail label={t("liens.registeredAt")}>{date(lien.registeredAt)}</Detail>
        {lien.activatedAt ? <Detail label={t("liens.activatedAt")}>{date(lien.activatedAt)}</Detail> : null}
        {lien.releasedAt ? <Detail label={t("liens.releasedAt")}>{date(lien.releasedAt)}</Detail> : null}
        {lien.releaseReason ? <Detail label={t("liens.releaseReason")}>{lien.releaseReason}</Detail> : null}
      </dl>
      {lien.status === "active" && lien.transferConsentId ? (
        <p className="text-sm text-muted-foreground">{t("liens.transferConsented")}</p>
      ) : null}

      {lien.yourRole === "owner" && lien.status === "pending" ? <LienConsentForm lien={lien} /> : null}
      {open && (lien.yourRole === "lender" || lien.yourRole === "administrator") ? (
        <div className="flex flex-wrap gap-2">
          {lien.yourRole === "lender" && lien.status === "active" && transferOpen !== false ? (
            <ConsentTransferButton lien={lien} describedBy={titleId} />
          ) : null}
          {lien.yourRole === "lender" ? <ReleaseLienButton lien={lien} describedBy={titleId} /> : null}
          {lien.yourRole === "administrator" ? <AdminReleaseLienDialog lien={lien} describedBy={titleId} /> : null}
        </div>
      ) : null}
    </Card>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}
