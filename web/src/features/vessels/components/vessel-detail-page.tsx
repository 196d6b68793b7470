import { useQueryClient } from "@tanstack/react-query";
import {
  Anchor,
  Ban,
  ArrowLeft,
  ArrowRightLeft,
  CalendarDays,
  ChevronRight,
  FileCheck2,
  Hourglass,
  Repeat,
  SearchX,
} from "lucide-react";
import { type ReactNode, useDeferredValue, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { User, Vessel, VesselDetail } from "@/api/types";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { CertificateDownloadButton } from "@/features/certificates/public";
import { DocumentsSection, pendingCount, useDocuments } from "@/features/documents/public";
import { IdentityReturnNotice } from "@/features/identity/public";
import { OpenTransferPanel } from "@/features/transfers/public";
import { RecordPdfButton, VesselRecordSection } from "@/features/vessel-record/public";
import { myVesselsQueryOptions } from "@/features/vessels/api/get-my-vessels";
import { mayRegisterLien } from "@/features/vessels/api/liens";
import { useVessel, vesselQueryOptions } from "@/features/vessels/api/get-vessel";
import { forgetPreview, type VesselPreview, writtenPreview } from "@/features/vessels/api/vessel-preview";
import { searchVesselsBaseKey } from "@/features/vessels/api/search-vessels";
import { CorrectionsSection } from "@/features/vessels/components/corrections-section";
import { CountryLabel } from "@/features/vessels/components/country-label";
import { HistoryIntegrity } from "@/features/vessels/components/history-integrity";
import { OwnershipTimeline } from "@/features/vessels/components/ownership-timeline";
import { VerificationStatusGrid, type DocumentCounts } from "@/features/vessels/components/verification-panels";
import { ContactOwnerDialog } from "@/features/vessels/components/contact-owner-dialog";
import { VesselStatusBadge } from "@/features/vessels/components/vessel-status-badge";
import { showsForSale } from "@/features/vessels/components/vessel-card";
import { StolenNotice } from "@/features/vessels/components/stolen-notice";
import { EncumberedNotice } from "@/features/vessels/components/encumbered-notice";
import { TheftActions } from "@/features/vessels/components/theft-actions";
import { VesselTrustBadge } from "@/features/vessels/components/vessel-trust-badge";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useCurrentUser } from "@/lib/auth/get-current-user";
import { isWellFormedPlatformId } from "@/lib/platform-id";
import { formatDate, formatEuroCents, formatLengthCm, knownMakeModel, REGISTRATION_FEE_CENTS, UNKNOWN } from "@/lib/format";
import { lazyPart } from "@/lib/lazy-part";
import { describedLines } from "@/lib/particulars";
import { useDocumentTitle } from "@/lib/use-document-title";

// Only the owner sees it: a visitor's page does not load its code.
const VerificationChecklist = lazyPart(
  () => import("@/features/vessels/components/verification-checklist"),
  "VerificationChecklist",
);
const OwnerParticulars = lazyPart(() => import("@/features/vessels/components/owner-particulars"), "OwnerParticulars");
// Only a party to a lien (the owner, a lender, whom the server asks for a verified identity, an
// administrator) sees it, with its forms.
const LiensSection = lazyPart(() => import("@/features/vessels/components/liens-section"), "LiensSection");

/** The signed-in user is the current owner: an entry with their id and no transferredOutAt. */
export function isCurrentOwner(detail: VesselDetail, user: User | null): boolean {
  if (!user) return false;
  return detail.ownershipHistory.some((e) => e.ownerUserId === user.id && !e.transferredOutAt);
}

export function VesselDetailPage() {
  const { t } = useTranslation();
  const { platformId = "" } = useParams();
  // Deferred, the page is drawn in slices when its data arrive, and stays answerable meanwhile
  // (a store's update is otherwise drawn in one go, which on a slow phone takes a while).
  const vessel = useDeferredValue(useVessel(platformId));
  const { user, isLoading: userLoading } = useCurrentUser();
  const preview = writtenPreview(platformId);
  const loaded = vessel.data != null;
  useEffect(() => {
    if (loaded) forgetPreview();
  }, [loaded]);
  const title = vessel.data
    ? vessel.data.vessel.name || vessel.data.vessel.platformId
    : preview?.name || preview?.platformId || t("vesselDetail.documentTitle");
  useDocumentTitle(vessel.isError && isNotFound(vessel.error) ? t("vesselDetail.notFoundTitle") : title);

  if (vessel.isPending || userLoading) return preview ? <PreviewLoading preview={preview} /> : <DetailSkeleton />;
  if (vessel.isError) {
    if (isNotFound(vessel.error)) return <VesselNotFound typo={hasTypo(vessel.error, platformId)} />;
    return (
      <DetailFrame crumb={platformId}>
        <h1 className="text-3xl font-bold tracking-tight">{t("vesselDetail.documentTitle")}</h1>
        <Alert variant="destructive" role="alert">
          {errorMessage(vessel.error, t("common.genericError"))}
        </Alert>
      </DetailFrame>
    );
  }
  return <VesselDetailView detail={vessel.data} user={user} />;
}

/** Refused (400) although it has the shape of an ID: the check character failed. */
export function hasTypo(err: unknown, platformId: string) {
  return err instanceof ApiError && err.status === 400 && isWellFormedPlatformId(platformId);
}

export function isNotFound(err: unknown) {
  return err instanceof ApiError && (err.status === 404 || err.status === 400);
}

function DetailFrame({ crumb, children }: { crumb: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-10">
      <nav aria-label={t("vesselDetail.breadcrumb")}>
        <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
          <li>
            <Link to="/registry" className="inline-flex items-center gap-1 hover:text-foreground hover:underline">
              <ArrowLeft className="size-4" aria-hidden="true" />
              {t("nav.registry")}
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4" />
          </li>
          <li aria-current="page" className="font-mono text-foreground">
            {crumb}
          </li>
        </ol>
      </nav>
      {children}
    </div>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t("common.loading")} className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-10">
      <Skeleton className="h-5 w-48" />
      <Skeleton className="h-48 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

/**
 * The page while its data load, with the name the server wrote into it (api/vessel-preview.ts),
 * laid out as the loaded page's header so that nothing moves when the data arrive.
 */
function PreviewLoading({ preview }: { preview: VesselPreview }) {
  const { t } = useTranslation();
  return (
    <DetailFrame crumb={preview.platformId}>
      <Card>
        <CardHeader className="gap-3">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="grid gap-1">
              <h1 className="text-3xl font-bold tracking-tight">{preview.name || t("vessel.unnamed")}</h1>
              <Skeleton className="h-7 w-48" />
            </div>
          </div>
        </CardHeader>
        <CardContent role="status" aria-label={t("common.loading")}>
          <Skeleton className="h-32 w-full" />
        </CardContent>
      </Card>
      <Skeleton className="h-32 w-full" />
    </DetailFrame>
  );
}

/** 'Vessel Not Found' with 'Back to Registry'; with a typo hint when the ID failed its check. */
export function VesselNotFound({ typo }: { typo: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-4 px-4 py-20 text-center">
      <SearchX className="size-12 text-primary" aria-hidden="true" />
      <h1 className="text-3xl font-bold">{t("vesselDetail.notFoundTitle")}</h1>
      <p className="text-muted-foreground">{t("vesselDetail.notFoundDescription")}</p>
      {typo ? (
        <Alert variant="warning" role="note">
          {t("vesselDetail.typoHint")}
        </Alert>
      ) : null}
      <Button asChild>
        <Link to="/registry">{t("vesselDetail.backToRegistry")}</Link>
      </Button>
    </div>
  );
}

function VesselDetailView({ detail, user }: { detail: VesselDetail; user: User | null }) {
  const { t, i18n } = useTranslation();
  const { vessel, ownershipHistory } = detail;
  const owner = isCurrentOwner(detail, user) ? user : null;
  // The owner sees each document's review state; everyone sees the vessel's counts.
  const ownerDocuments = useDocuments(vessel.platformId, { enabled: owner != null });
  const documents: DocumentCounts = {
    total: vessel.documentsCount,
    verified: vessel.verifiedDocumentsCount,
    pending: owner && ownerDocuments.data ? pendingCount(ownerDocuments.data) : null,
  };
  const takesDocuments = vessel.status === "pending_payment" || vessel.status === "active" || vessel.status === "in_transfer";
  const date = (iso: string) => formatDate(iso, i18n.language);
  const value = (v: string | null | undefined) =>
    v == null || v === "" ? t("vessel.notRecorded") : v === UNKNOWN ? t("vessel.unknown") : v;
  const makeModel = knownMakeModel(vessel.make, vessel.model) ?? t("vessel.makeModelUnknown");
  const showForSale = showsForSale(vessel);
  const queryClient = useQueryClient();
  // A transfer canceled here (the vessel is active again), or a verification step completed (the
  // owner's verification and the vessel's 'Verified'): wherever the vessel is shown.
  const refresh = () => {
    for (const queryKey of [
      vesselQueryOptions(vessel.platformId).queryKey,
      myVesselsQueryOptions().queryKey,
      searchVesselsBaseKey,
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
  const hasCurrentOwner = ownershipHistory.some((e) => !e.transferredOutAt);
  const showsLiens = owner != null || user?.role === "admin" || mayRegisterLien(user);

  return (
    <DetailFrame crumb={vessel.platformId}>
      <IdentityReturnNotice onVerified={refresh} />
      {vessel.stolen ? <StolenNotice stolen={vessel.stolen} /> : null}
      {vessel.encumbered ? <EncumberedNotice vesselId={vessel.id} /> : null}
      {vessel.status === "pending_payment" ? (
        <Alert variant="warning" className="flex gap-3">
          <Hourglass className="size-5 shrink-0" aria-hidden="true" />
          <div className="grid gap-1">
            <p className="font-semibold">{t("vessel.status.pending_payment")}</p>
            <p>{t("vesselDetail.pendingPayment", { fee: formatEuroCents(REGISTRATION_FEE_CENTS, i18n.language) })}</p>
          </div>
        </Alert>
      ) : null}
      {vessel.status === "in_transfer" ? (
        <Alert variant="warning" role="status" className="flex gap-3">
          <ArrowRightLeft className="size-5 shrink-0" aria-hidden="true" />
          <div className="grid gap-1">
            <p className="font-semibold">{t("vesselDetail.inTransferTitle")}</p>
            <p>
              {owner
                ? t("vesselDetail.inTransferOwner")
                : hasCurrentOwner
                  ? t("vesselDetail.inTransferPublic")
                  : t("vesselDetail.awaitingClaim")}
            </p>
          </div>
        </Alert>
      ) : null}
      {vessel.status === "deactivated" && owner ? <DeactivationNotice vessel={vessel} /> : null}
      {vessel.status === "needs_review" ? (
        <Alert variant="warning" className="flex gap-3">
          <Hourglass className="size-5 shrink-0" aria-hidden="true" />
          <div className="grid gap-1">
            <p className="font-semibold">{t("vessel.status.needs_review")}</p>
            <p>{t("vesselDetail.needsReview")}</p>
          </div>
        </Alert>
      ) : null}

      <Card>
        <CardHeader className="gap-3">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="grid gap-1">
              <h1 className="text-3xl font-bold tracking-tight">{vessel.name || t("vessel.unnamed")}</h1>
              <p className="text-lg text-muted-foreground">{makeModel}</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <VesselTrustBadge vessel={vessel} />
              {showForSale ? <Badge variant="accent">{t("vessel.forSale")}</Badge> : null}
              {vessel.status === "active" ? null : <VesselStatusBadge status={vessel.status} />}
              {showForSale && !owner && vessel.status === "active" ? <ContactOwnerDialog vessel={vessel} user={user} /> : null}
            </div>
          </div>
        </CardHeader>
        <CardContent className="grid gap-6">
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Fact label={t("vessel.platformId")}>
              <span className="font-mono">{vessel.platformId}</span>
            </Fact>
            <Fact label={t("vessel.country")}>
              <CountryLabel code={vessel.countryCode} showName />
            </Fact>
            <Fact label={t("vessel.buildYear")}>{vessel.buildYear ?? t("vessel.notRecorded")}</Fact>
            <Fact label={t("vessel.length")}>
              {vessel.lengthCm != null ? formatLengthCm(vessel.lengthCm, i18n.language) : t("vessel.notRecorded")}
            </Fact>
            <Fact label={t("vessel.cin")}>
              <span className="font-mono">{value(vessel.cin)}</span>
            </Fact>
            {describedLines(vessel, t, i18n.language).map((line) => (
              <Fact key={line.key} label={line.label}>
                <span className="break-words">{line.value}</span>
              </Fact>
            ))}
          </dl>
          {owner ? (
            <div className="flex flex-wrap gap-2">
              {/* Nothing changes hands and no certificate is issued while a theft report is open. */}
              {vessel.status === "active" && !vessel.stolen ? (
                <>
                  <Button asChild variant="outline">
                    <Link to={`/transfer/${encodeURIComponent(vessel.id)}`}>
                      <ArrowRightLeft aria-hidden="true" />
                      {t("vesselDetail.transferOwnership")}
                    </Link>
                  </Button>
                  <CertificateDownloadButton platformId={vessel.platformId} />
                </>
              ) : null}
              <RecordPdfButton platformId={vessel.platformId} />
              {vessel.status === "active" || vessel.status === "in_transfer" ? <TheftActions vessel={vessel} /> : null}
            </div>
          ) : null}
        </CardContent>
      </Card>

      {owner && vessel.status === "in_transfer" ? <OpenTransferPanel vesselId={vessel.id} onChanged={refresh} /> : null}

      {showsLiens ? <LiensSection vessel={vessel} user={user} owner={owner != null} /> : null}

      <section aria-labelledby="vessel-summary" className="grid gap-4">
        <h2 id="vessel-summary" className="sr-only">
          {t("vesselDetail.summary")}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          <Tile
            icon={<FileCheck2 aria-hidden="true" />}
            label={t("vesselDetail.verifiedDocuments")}
            value={vessel.verifiedDocumentsCount}
          />
          <Tile
            icon={<Repeat aria-hidden="true" />}
            label={t("vesselDetail.ownershipTransfers")}
            // Transfers, not owners: every ownership that ended was handed on.
            value={ownershipHistory.filter((entry) => entry.transferredOutAt).length}
          />
          <Tile icon={<CalendarDays aria-hidden="true" />} label={t("vesselDetail.registered")} value={date(vessel.createdAt)} />
        </ul>
      </section>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Anchor className="size-5 text-primary" aria-hidden="true" />
            {t("vesselDetail.ownershipHistory")}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <OwnershipTimeline entries={ownershipHistory} myUserId={user?.id ?? null} />
        </CardContent>
      </Card>

      <HistoryIntegrity platformId={vessel.platformId} />

      <CorrectionsSection corrections={detail.corrections} />

      {owner ? <OwnerParticulars vessel={vessel} /> : null}

      <VerificationStatusGrid ownerVerification={detail.ownerVerification ?? null} documents={documents} />

      {/* Nothing to complete for a vessel out of the registry: its checklist would offer uploads it refuses. */}
      {owner && vessel.status !== "deactivated" ? (
        <VerificationChecklist user={owner} documents={documents} platformId={vessel.platformId} onChanged={refresh} />
      ) : null}

      {owner ? <DocumentsSection platformId={vessel.platformId} canUpload={takesDocuments} onChanged={refresh} /> : null}

      {owner ? <VesselRecordSection platformId={vessel.platformId} editable={vessel.status !== "deactivated"} /> : null}
    </DetailFrame>
  );
}

/** Why the owner's vessel is out of the registry, and what they can do about it. */
function DeactivationNotice({ vessel }: { vessel: Vessel }) {
  const { t } = useTranslation();
  const reason = vessel.deactivationReason ?? "unknown";
  return (
    <Alert variant="warning" role="status" className="flex gap-3">
      <Ban className="size-5 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold">{t("vesselDetail.deactivated.title")}</p>
        <p>{t(`vesselDetail.deactivated.why.${reason}`)}</p>
        {vessel.deactivationNote ? <p>{t("vesselDetail.deactivated.note", { note: vessel.deactivationNote })}</p> : null}
        <p>
          {t(`vesselDetail.deactivated.next.${reason}`)}
          {reason === "administrator" ? (
            <>
              {" "}
              <Link to="/contact" className="text-primary underline">
                {t("vesselDetail.deactivated.contact")}
              </Link>
              .
            </>
          ) : null}
        </p>
      </div>
    </Alert>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function Tile({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <li>
      <Card className="flex h-full items-center gap-4 p-5 [&>svg]:size-8 [&>svg]:shrink-0 [&>svg]:text-primary">
        {icon}
        <div className="grid">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold">{value}</p>
        </div>
      </Card>
    </li>
  );
}
