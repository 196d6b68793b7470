import { useQueryClient } from "@tanstack/react-query";
import { ArrowRightLeft, CreditCard, FileText, Plus, Ship, Smartphone } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { UpdateVesselRequest, User, Vessel } from "@/api/types";
import { Page } from "@/components/layout/page";
import { RequireAuth } from "@/components/layout/require-auth";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FormField } from "@/components/ui/form-field";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { TransfersSection, useOpenTransfersCount } from "@/features/transfers/public";
import { myVesselsQueryOptions, useMyVessels } from "@/features/vessels/api/get-my-vessels";
import { useCancelRegistration } from "@/features/vessels/api/cancel-registration";
import { useUpdateVessel } from "@/features/vessels/api/update-vessel";
import { DashboardLiens } from "@/features/vessels/components/dashboard-liens";
import { VesselCard } from "@/features/vessels/components/vessel-card";
import { VesselStatusBadge } from "@/features/vessels/components/vessel-status-badge";
import { errorMessage, serverText } from "@/lib/api-client";
import { formatEuroCents, formatNumber, REGISTRATION_FEE_CENTS } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";

export function DashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("dashboard.title"));
  return <RequireAuth>{(user) => <DashboardContent user={user} />}</RequireAuth>;
}

/**
 * A vessel bought from someone waits for the number the seller entered to be verified on an
 * account: an account whose number is not verified (or that has none) is told where to do it.
 */
function WaitingVesselHint({ user }: { user: User }) {
  const { t } = useTranslation();
  if (user.phoneVerifiedAt) return null;
  return (
    <Alert variant="warning" role="note" className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <Smartphone className="size-5 shrink-0" aria-hidden="true" />
      <p className="flex-1">
        {user.phoneE164
          ? t("dashboard.waitingVessel.unverified", { phone: user.phoneE164 })
          : t("dashboard.waitingVessel.noNumber")}
      </p>
      <Button asChild variant="outline" size="sm">
        <Link to="/profile">{t("dashboard.waitingVessel.action")}</Link>
      </Button>
    </Alert>
  );
}

function DashboardContent({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const vessels = useMyVessels();
  const pendingTransfers = useOpenTransfersCount();
  const n = (value: number) => formatNumber(value, i18n.language);

  const list = vessels.data ?? [];
  // A transfer canceled (the vessel is active again) or accepted (a new vessel) from the list below.
  const refreshVessels = () => void queryClient.invalidateQueries({ queryKey: myVesselsQueryOptions().queryKey });
  const documents = list.reduce((sum, v) => sum + v.documentsCount, 0);

  return (
    <Page title={t("dashboard.title")} description={t("dashboard.description")} width="wide">
      <div className="grid gap-8">
        <WaitingVesselHint user={user} />
        <ul className="grid gap-4 sm:grid-cols-3" aria-label={t("dashboard.statsLabel")}>
          <StatCard
            icon={<Ship aria-hidden="true" />}
            label={t("dashboard.registeredVessels")}
            value={vessels.data ? n(list.length) : "…"}
          />
          <StatCard
            icon={<ArrowRightLeft aria-hidden="true" />}
            label={t("dashboard.pendingTransfers")}
            hint={t("dashboard.pendingTransfersHint")}
            value={pendingTransfers != null ? n(pendingTransfers) : "…"}
          />
          <StatCard
            icon={<FileText aria-hidden="true" />}
            label={t("dashboard.documentsUploaded")}
            value={vessels.data ? n(documents) : "…"}
          />
        </ul>
        <div>
          <Button asChild>
            <Link to="/register-vessel">
              <Plus aria-hidden="true" />
              {t("dashboard.registerNew")}
            </Link>
          </Button>
        </div>

        <TransfersSection onChanged={refreshVessels} />

        <DashboardLiens />

        <section aria-labelledby="dashboard-vessels" className="grid gap-4">
          <h2 id="dashboard-vessels" className="text-xl font-semibold">
            {t("dashboard.vesselsHeading")}
          </h2>
          {vessels.isPending ? (
            <div role="status" aria-label={t("common.loading")} className="grid gap-4 md:grid-cols-2">
              <Skeleton className="h-56 w-full" />
              <Skeleton className="h-56 w-full" />
            </div>
          ) : vessels.isError ? (
            <Alert variant="destructive" role="alert">
              {errorMessage(vessels.error, t("common.genericError"))}
            </Alert>
          ) : list.length === 0 ? (
            <EmptyState />
          ) : (
            <ul className="grid gap-4 md:grid-cols-2">
              {list.map((vessel) => (
                <li key={vessel.id} className="flex">
                  <VesselCard
                    vessel={vessel}
                    className="w-full"
                    showDocumentsCount
                    badges={<VesselStatusBadge status={vessel.status} />}
                    actionsEnabled={vessel.status === "active"}
                    onTransfer={(v) => void navigate(`/transfer/${encodeURIComponent(v.id)}`)}
                  >
                    {vessel.status === "pending_payment" ? <CompletePayment vessel={vessel} /> : null}
                    {vessel.status === "deactivated" ? (
                      <p role="status" className="rounded-md border border-border bg-muted p-3 text-sm">
                        {t(`vesselDetail.deactivated.why.${vessel.deactivationReason ?? "unknown"}`)}
                      </p>
                    ) : null}
                    {vessel.status === "needs_review" ? (
                      <p role="status" className="rounded-md border border-border bg-muted p-3 text-sm">
                        {t("vesselDetail.needsReview")}
                      </p>
                    ) : null}
                    <VesselToggles vessel={vessel} />
                  </VesselCard>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Page>
  );
}

function StatCard({ icon, label, value, hint }: { icon: ReactNode; label: string; value: string; hint?: string }) {
  return (
    <li>
      <Card className="flex h-full items-center gap-4 p-5 [&>svg]:size-8 [&>svg]:shrink-0 [&>svg]:text-primary">
        {icon}
        <div className="grid">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold">{value}</p>
          {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
        </div>
      </Card>
    </li>
  );
}

function EmptyState() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent className="grid justify-items-center gap-4 pt-6 text-center">
        <Ship className="size-10 text-primary" aria-hidden="true" />
        <h3 className="text-lg font-semibold">{t("dashboard.emptyTitle")}</h3>
        <p className="text-muted-foreground">{t("dashboard.emptyDescription")}</p>
        <Button asChild>
          <Link to="/register-vessel">{t("dashboard.registerFirst")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** A vessel registered but not yet paid for: back to the wizard's payment step, or cancel it. */
function CompletePayment({ vessel }: { vessel: Vessel }) {
  const { t, i18n } = useTranslation();
  const cancel = useCancelRegistration();
  const onCancel = () =>
    cancel.mutate(vessel.id, {
      onSuccess: (data) =>
        toast({ title: t("dashboard.registrationCanceledTitle"), description: serverText(data.messageCode, data.message) }),
      onError: (err) =>
        toast({
          variant: "destructive",
          title: t("common.error"),
          error: err,
          description: errorMessage(err, t("common.genericError")),
        }),
    });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-accent bg-accent/10 p-3 text-sm">
      <p>{t("dashboard.awaitingPaymentNote", { fee: formatEuroCents(REGISTRATION_FEE_CENTS, i18n.language) })}</p>
      <Button asChild size="sm">
        <Link
          to={`/register-vessel?vessel=${encodeURIComponent(vessel.platformId)}`}
          aria-describedby={`vessel-${vessel.id}-title`}
        >
          <CreditCard aria-hidden="true" />
          {t("dashboard.completePayment")}
        </Link>
      </Button>
      <ConfirmButton
        variant="outline"
        size="sm"
        disabled={cancel.isPending}
        title={t("dashboard.cancelRegistrationTitle")}
        description={[t("dashboard.cancelRegistrationDescription")]}
        cancelLabel={t("dashboard.keepRegistration")}
        confirmLabel={t("dashboard.cancelRegistration")}
        onConfirm={onCancel}
        aria-describedby={`vessel-${vessel.id}-title`}
      >
        {t("dashboard.cancelRegistration")}
      </ConfirmButton>
    </div>
  );
}

/** The owner's switches: publicly searchable and for sale (PATCH /api/vessels/{id}). */
function VesselToggles({ vessel }: { vessel: Vessel }) {
  const { t } = useTranslation();
  const update = useUpdateVessel();
  const disabled = update.isPending || vessel.status === "deactivated";
  const label = vessel.name || vessel.platformId;

  const change = (changes: UpdateVesselRequest, description: string) =>
    update.mutate(
      { id: vessel.id, changes },
      {
        onSuccess: () => toast({ title: t("dashboard.updatedTitle"), description }),
        onError: (err) =>
          toast({
            variant: "destructive",
            title: t("dashboard.updateFailedTitle"),
            error: err,
            description: errorMessage(err, t("dashboard.updateFailed")),
          }),
      },
    );

  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">{t("dashboard.settings")}</legend>
      <FormField id={`vessel-${vessel.id}-public`} layout="checkbox" label={t("dashboard.publicToggle")}>
        <Checkbox
          checked={vessel.publicVisibility}
          disabled={disabled}
          onCheckedChange={(v) =>
            change(
              { publicVisibility: v },
              v ? t("dashboard.nowPublic", { vessel: label }) : t("dashboard.nowPrivate", { vessel: label }),
            )
          }
        />
      </FormField>
      <FormField id={`vessel-${vessel.id}-for-sale`} layout="checkbox" label={t("dashboard.forSaleToggle")}>
        <Checkbox
          checked={vessel.forSale}
          disabled={disabled}
          onCheckedChange={(v) =>
            change(
              { forSale: v },
              v ? t("dashboard.nowForSale", { vessel: label }) : t("dashboard.notForSale", { vessel: label }),
            )
          }
        />
      </FormField>
    </fieldset>
  );
}
