import { BadgeCheck, CreditCard, Hash, KeyRound, MessageSquareText, Smartphone, UserPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Page } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { formatEuroCents, TRANSFER_FEE_CENTS } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";

const STEPS = [
  { key: "start", icon: Smartphone },
  { key: "sms", icon: MessageSquareText },
  { key: "readOut", icon: KeyRound },
  { key: "fee", icon: CreditCard },
  { key: "handOver", icon: BadgeCheck },
  { key: "claim", icon: UserPlus },
  { key: "history", icon: Hash },
] as const;

/**
 * /how-transfers-work, the landing's Transfer pricing card's 'Learn More': the quay scene step
 * by step, from the seller entering the buyer's number to the tamper-evident history.
 */
export function HowTransfersWorkPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t("howTransfers.title"));
  const fee = formatEuroCents(TRANSFER_FEE_CENTS, i18n.language);

  return (
    <Page title={t("howTransfers.title")} description={t("howTransfers.intro", { fee })}>
      <div className="grid gap-10">
        <ol className="grid gap-4">
          {STEPS.map(({ key, icon: Icon }, index) => (
            <li key={key} className="flex gap-4 rounded-lg border border-border p-5">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
              >
                {index + 1}
              </span>
              <div className="grid gap-1">
                <h2 className="flex items-center gap-2 text-lg font-semibold">
                  <Icon className="size-5 text-primary" aria-hidden="true" />
                  <span className="sr-only">{t("landing.how.stepLabel", { number: index + 1 })} </span>
                  {t(`howTransfers.steps.${key}.title`, { fee })}
                </h2>
                <p className="text-muted-foreground">{t(`howTransfers.steps.${key}.description`, { fee })}</p>
              </div>
            </li>
          ))}
        </ol>

        <section aria-labelledby="how-transfers-good-to-know" className="grid gap-3 rounded-lg bg-muted p-6">
          <h2 id="how-transfers-good-to-know" className="text-lg font-semibold">
            {t("howTransfers.goodToKnow.title")}
          </h2>
          <ul className="grid list-disc gap-2 pl-5 text-sm">
            <li>{t("howTransfers.goodToKnow.expiry")}</li>
            <li>{t("howTransfers.goodToKnow.attempts")}</li>
            <li>{t("howTransfers.goodToKnow.receipt")}</li>
            <li>{t("howTransfers.goodToKnow.privacy")}</li>
          </ul>
        </section>

        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild>
            <Link to="/dashboard">{t("howTransfers.toDashboard")}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/register-vessel">{t("howTransfers.register")}</Link>
          </Button>
        </div>
      </div>
    </Page>
  );
}
