import { ArrowRightLeft, Check, ClipboardList, Fingerprint, Search, Ship } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { useStats } from "@/features/landing/api/get-stats";
import { StatTiles } from "@/features/landing/components/stat-tiles";
import { formatEuroCents, REGISTRATION_FEE_CENTS, TRANSFER_FEE_CENTS } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";

export function LandingPage() {
  useDocumentTitle("");
  return (
    <>
      <Hero />
      <StatTiles />
      <WhyRegister />
      <HowItWorks />
      <Pricing />
    </>
  );
}

function Hero() {
  const { t } = useTranslation();
  return (
    <section className="bg-gradient-to-b from-secondary to-background">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-20 text-center">
        <h1 className="text-4xl font-bold tracking-tight text-primary sm:text-5xl">{t("landing.hero.title")}</h1>
        <p className="mx-auto max-w-2xl text-lg text-muted-foreground">{t("landing.hero.subtitle")}</p>
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/register-vessel">
              <Ship aria-hidden="true" />
              {t("landing.hero.register")}
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/registry">
              <Search aria-hidden="true" />
              {t("landing.hero.search")}
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

function WhyRegister() {
  const { t } = useTranslation();
  const cards = [
    { key: "uniqueId", icon: Fingerprint },
    { key: "secureTransfers", icon: ArrowRightLeft },
    { key: "valueRecord", icon: ClipboardList },
  ] as const;
  return (
    <section aria-labelledby="why-heading" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="why-heading" className="mb-8 text-center text-3xl font-bold">
        {t("landing.why.title")}
      </h2>
      <div className="grid gap-6 md:grid-cols-3">
        {cards.map(({ key, icon: Icon }) => (
          <Card key={key}>
            <CardHeader>
              <Icon className="size-8 text-primary" aria-hidden="true" />
              <CardTitle level={3} className="text-lg">
                {t(`landing.why.${key}.title`)}
              </CardTitle>
              <CardDescription>{t(`landing.why.${key}.description`)}</CardDescription>
            </CardHeader>
          </Card>
        ))}
      </div>
    </section>
  );
}

function HowItWorks() {
  const { t } = useTranslation();
  const steps = ["register", "pay", "manage"] as const;
  return (
    <section id="how-it-works" aria-labelledby="how-heading" className="bg-muted py-16">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="how-heading" className="mb-8 text-center text-3xl font-bold">
          {t("landing.how.title")}
        </h2>
        <ol className="grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step} className="rounded-lg border border-border bg-background p-6">
              <span
                className="mb-4 flex size-10 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <h3 className="mb-2 text-lg font-semibold">
                <span className="sr-only">{t("landing.how.stepLabel", { number: index + 1 })} </span>
                {t(`landing.how.${step}.title`)}
              </h3>
              <p className="text-sm text-muted-foreground">{t(`landing.how.${step}.description`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Pricing() {
  const { t, i18n } = useTranslation();
  const stats = useStats();
  const registrationFee = formatEuroCents(stats.data?.registrationFeeCents ?? REGISTRATION_FEE_CENTS, i18n.language);
  const transferFee = formatEuroCents(stats.data?.transferFeeCents ?? TRANSFER_FEE_CENTS, i18n.language);
  const registrationFeatures = ["id", "lifetime", "documents", "certificate"] as const;
  const transferFeatures = ["sms", "history", "notifications"] as const;

  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="pricing-heading" className="text-center text-3xl font-bold">
        {t("landing.pricing.title")}
      </h2>
      <p className="mb-8 mt-2 text-center text-muted-foreground">{t("landing.pricing.subtitle")}</p>
      <div className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
        <Card className="flex flex-col border-primary">
          <CardHeader>
            <CardTitle level={3}>{t("landing.pricing.registration.title")}</CardTitle>
            <p className="text-4xl font-bold text-primary">{registrationFee}</p>
            <CardDescription>{t("landing.pricing.registration.period")}</CardDescription>
          </CardHeader>
          <CardContent className="flex-1">
            <ul className="grid gap-2 text-sm">
              {registrationFeatures.map((f) => (
                <li key={f} className="flex items-center gap-2">
                  <Check className="size-4 text-success" aria-hidden="true" />
                  {t(`landing.pricing.registration.features.${f}`)}
                </li>
              ))}
            </ul>
          </CardContent>
          <CardFooter>
            <Button asChild className="w-full">
              <Link to="/register-vessel">{t("landing.pricing.registration.cta")}</Link>
            </Button>
          </CardFooter>
        </Card>
        <Card className="flex flex-col">
          <CardHeader>
            <CardTitle level={3}>{t("landing.pricing.transfer.title")}</CardTitle>
            <p className="text-4xl font-bold text-primary">{transferFee}</p>
            <CardDescription>{t("landing.pricing.transfer.period")}</CardDescription>
          </CardHeader>
          <CardContent className="flex-1">
            <ul className="grid gap-2 text-sm">
              {transferFeatures.map((f) => (
                <li key={f} className="flex items-center gap-2">
                  <Check className="size-4 text-success" aria-hidden="true" />
                  {t(`landing.pricing.transfer.features.${f}`)}
                </li>
              ))}
            </ul>
          </CardContent>
          <CardFooter>
            <Button asChild variant="outline" className="w-full">
              {/* The visible words are generic; the link's name says where it leads. */}
              <Link to="/how-transfers-work">
                {t("landing.pricing.transfer.cta")} <span className="sr-only">{t("landing.pricing.transfer.ctaContext")}</span>
              </Link>
            </Button>
          </CardFooter>
        </Card>
      </div>
    </section>
  );
}
