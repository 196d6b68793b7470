import { useQueryClient } from "@tanstack/react-query";
import { Ship, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { Transfer, Vessel } from "@/api/types";
import { Page } from "@/components/layout/page";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { CountryFlag } from "@/components/ui/country-flag";
import { Skeleton } from "@/components/ui/skeleton";
import { Stepper } from "@/components/ui/stepper";
import { toast } from "@/components/ui/use-toast";
import { BuyersHullCheck } from "@/features/hull-check/public";
import { useTransfer } from "@/features/transfers/api/get-transfer";
import { openTransferOf, transfersQueryOptions, useTransfers } from "@/features/transfers/api/get-transfers";
import { CancelTransferButton } from "@/features/transfers/components/cancel-transfer-button";
import { NewOwnerStep } from "@/features/transfers/components/new-owner-step";
import { SmsVerifyStep } from "@/features/transfers/components/sms-verify-step";
import { TransferPayment } from "@/features/transfers/components/transfer-payment";
import { vesselLabel } from "@/features/transfers/components/transfer-status";
import { errorMessage } from "@/lib/api-client";
import { knownMakeModel } from "@/lib/format";
import { useDocumentTitle } from "@/lib/use-document-title";

type Step = 1 | 2 | 3;

/** What the page knows of the transfer this wizard started (before the server's copy loads). */
type Started = { id: string; sentAt: number };

/**
 * The transfer wizard for one of the signed-in owner's vessels (spec section 2, /transfer/{id}):
 * 'New Owner', 'SMS Verify', 'Payment', with the vessel's summary card; 'New Owner' shows what the
 * buyer's hull check of the vessel says (stolen, encumbered, history). An open transfer of the
 * vessel resumes at its step: waiting for the code at step 2, verified at step 3. The fee's
 * success ends on /dashboard with 'Transfer Complete'.
 *
 * `onChanged` runs when the vessel's state changed here (a transfer started, canceled or
 * completed), for the owner of the vessel's views to refresh them.
 */
export function TransferWizard({ vessel, onChanged }: { vessel: Vessel; onChanged?: () => void }) {
  const { t } = useTranslation();
  useDocumentTitle(t("transferWizard.title"));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const transfers = useTransfers();
  const [started, setStarted] = useState<Started | null>(null);
  const listed = openTransferOf(transfers.data, vessel.id);
  const id = started?.id ?? listed?.id ?? null;
  const detail = useTransfer(id);
  const transfer = detail.data ?? (listed?.id === id ? listed : undefined) ?? null;
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Without the server's copy yet, a transfer just started waits for its code.
  const status = transfer?.status ?? (id ? "pending_verification" : null);
  const completed = status === "completed";
  const step: Step = status === "verified" || completed ? 3 : status === "pending_verification" ? 2 : 1;
  const closed = status === "canceled" || status === "expired";

  // Each step change moves focus to the step's heading, for keyboard and screen-reader users; a step
  // that puts it in its first field itself keeps it there ('SMS Verify' in the first code box), so
  // digits typed at once are not lost.
  const shownStep = useRef(step);
  const stepBody = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (stepBody.current?.contains(document.activeElement)) return;
    headingRef.current?.focus();
  }, [step]);

  const restart = () => {
    setStarted(null);
    onChanged?.();
  };

  const onCompleted = (done: Transfer) => {
    toast({
      title: t("transferWizard.completeTitle"),
      description: done.awaitingClaim
        ? t("transferWizard.completeAwaitingClaim", { vessel: vesselLabel(done) })
        : t("transferWizard.completeDescription", { vessel: vesselLabel(done) }),
    });
    void queryClient.invalidateQueries({ queryKey: transfersQueryOptions().queryKey });
    onChanged?.();
    void navigate("/dashboard");
  };

  const titles: Record<Step, string> = {
    1: t("transferWizard.step1Title"),
    2: t("transferWizard.step2Title"),
    3: t("transferWizard.step3Title"),
  };
  const descriptions: Record<Step, string> = {
    1: t("transferWizard.step1Description"),
    2: t("transferWizard.step2Description"),
    3: t("transferWizard.step3Description"),
  };

  let body: ReactNode;
  if (transfers.isPending || (id != null && detail.isPending && !transfer && !started)) {
    body = <Skeleton className="h-64 w-full" />;
  } else if (transfers.isError) {
    body = (
      <Alert variant="destructive" role="alert">
        {errorMessage(transfers.error, t("common.genericError"))}
      </Alert>
    );
  } else if (completed && transfer) {
    body = <AlreadyCompleted transfer={transfer} />;
  } else if (step === 1 && vessel.status !== "active" && vessel.status !== "in_transfer") {
    // In transfer without an open transfer of the caller's: the vessel's copy is older than the
    // transfers' (canceled a moment ago), so the form is right.
    body = <NotTransferable vessel={vessel} />;
  } else if (step === 1) {
    body = (
      <>
        {closed && transfer ? (
          <Alert variant="warning" role="status" className="mb-6">
            {t(`transferWizard.closed.${transfer.status === "expired" ? "expired" : "canceled"}`)}
          </Alert>
        ) : null}
        <BuyersHullCheck platformId={vessel.platformId} className="mb-6" />
        <NewOwnerStep
          vessel={vessel}
          onInitiated={(transferId) => {
            setStarted({ id: transferId, sentAt: Date.now() });
            onChanged?.();
          }}
        />
      </>
    );
  } else if (id != null) {
    body = (
      <div className="grid gap-6">
        {step === 2 ? (
          <SmsVerifyStep
            key={id}
            transferId={id}
            transfer={transfer}
            sentAt={started?.id === id ? started.sentAt : transfer ? Date.parse(transfer.createdAt) : null}
          />
        ) : transfer ? (
          <TransferPayment transfer={transfer} onCompleted={() => onCompleted(transfer)} />
        ) : null}
        {transfer ? (
          <div className="flex justify-start border-t border-border pt-4">
            <CancelTransferButton transfer={transfer} onCanceled={restart} size="default" />
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <Page title={t("transferWizard.title")} description={t("transferWizard.description")}>
      <div className="grid gap-6">
        <Stepper
          steps={[t("transferWizard.steps.newOwner"), t("transferWizard.steps.smsVerify"), t("transferWizard.steps.payment")]}
          current={step}
          completed={completed}
          label={t("transferWizard.steps.label")}
        />
        <VesselSummaryCard vessel={vessel} />
        <Card>
          <CardHeader>
            <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold leading-tight outline-none">
              {titles[step]}
            </h2>
            <CardDescription>{descriptions[step]}</CardDescription>
          </CardHeader>
          <CardContent ref={stepBody}>{body}</CardContent>
        </Card>
      </div>
    </Page>
  );
}

/** The vessel being transferred: name, make and model, platform ID and flag. */
function VesselSummaryCard({ vessel }: { vessel: Vessel }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="transfer-vessel"
      className="flex items-center gap-4 rounded-lg border border-border bg-muted/40 p-4"
    >
      <Ship className="size-8 shrink-0 text-primary" aria-hidden="true" />
      <div className="grid gap-0.5">
        <h2 id="transfer-vessel" className="font-semibold">
          {vessel.name || t("vessel.unnamed")}
        </h2>
        <p className="text-sm text-muted-foreground">
          {knownMakeModel(vessel.make, vessel.model) ?? t("vessel.makeModelUnknown")}
        </p>
        <p className="text-sm">
          <span className="text-muted-foreground">{t("vessel.platformId")}: </span>
          <span className="font-mono font-medium">{vessel.platformId}</span>
          <span className="ml-3 inline-flex items-center gap-1.5 align-middle">
            <CountryFlag code={vessel.countryCode} />
            {vessel.countryCode}
          </span>
        </p>
      </div>
    </section>
  );
}

/** Paid meanwhile (by the new owner, from their dashboard): nothing is left to do here. */
function AlreadyCompleted({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <Alert role="status">{t("transferWizard.alreadyCompleted", { vessel: vesselLabel(transfer) })}</Alert>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to="/dashboard">{t("transferWizard.backToDashboard")}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={`/transfers/${encodeURIComponent(transfer.id)}/receipt`}>{t("transfers.receipt")}</Link>
        </Button>
      </div>
    </div>
  );
}

/** A vessel that is not active (awaiting its fee, under review, deactivated) cannot change hands. */
function NotTransferable({ vessel }: { vessel: Vessel }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <Alert variant="warning" role="alert" className="flex gap-3">
        <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
        <p>{t("transferWizard.notTransferable", { status: t(`vessel.status.${vessel.status}`) })}</p>
      </Alert>
      <div>
        <Button asChild variant="outline">
          <Link to="/dashboard">{t("transferWizard.backToDashboard")}</Link>
        </Button>
      </div>
    </div>
  );
}
