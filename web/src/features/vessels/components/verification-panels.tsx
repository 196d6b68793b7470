import type { TFunction } from "i18next";
import { CircleCheck, CircleDashed, Clock, FileText, Mail, ScanFace, Smartphone } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { User } from "@/api/types";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { PhoneVerification } from "@/features/profile/public";
import { cn } from "@/lib/utils";

type Tone = "done" | "pending" | "todo" | "neutral";

function StatusIcon({ tone }: { tone: Tone }) {
  if (tone === "done") return <CircleCheck className="size-5 text-success" aria-hidden="true" />;
  if (tone === "pending") return <Clock className="size-5 text-muted-foreground" aria-hidden="true" />;
  return <CircleDashed className="size-5 text-muted-foreground" aria-hidden="true" />;
}

/** Spec section 9: 25% each for a verified email, a verified phone, verified identity, ≥1 document. */
export function verificationCompleteness(user: User, documentsCount: number): number {
  const steps = [
    Boolean(user.emailVerifiedAt),
    Boolean(user.phoneVerifiedAt),
    user.identityVerificationStatus === "verified",
    documentsCount >= 1,
  ];
  return Math.min(100, steps.filter(Boolean).length * 25);
}

/** A vessel's documents: all stored, those verified, and (for the owner, who sees the list) those awaiting review. */
export type DocumentCounts = { total: number; verified: number; pending: number | null };

/**
 * The Documents status: verified once the registry has verified one; otherwise the documents
 * awaiting review (the owner knows exactly which), or uploaded but not verified (everyone else).
 */
export function documentsStatus({ total, verified, pending }: DocumentCounts, t: TFunction): { tone: Tone; text: string } {
  if (verified > 0) return { tone: "done", text: t("vesselDetail.documentsVerified", { count: verified }) };
  if (pending != null && pending > 0) return { tone: "pending", text: t("vesselDetail.documentsPending", { count: pending }) };
  const unverified = total - verified;
  if (unverified > 0)
    return { tone: pending == null ? "pending" : "todo", text: t("vesselDetail.documentsNotVerified", { count: unverified }) };
  return { tone: "todo", text: t("vesselDetail.noDocuments") };
}

function identityText(user: User, t: TFunction) {
  if (user.identityVerificationStatus === "verified") return { tone: "done" as const, text: t("vesselDetail.statusVerified") };
  if (user.identityVerificationStatus === "pending") return { tone: "pending" as const, text: t("vesselDetail.statusPending") };
  return { tone: "todo" as const, text: t("vesselDetail.statusNotStarted") };
}

/**
 * The four-item status grid. For the signed-in current owner it shows their own
 * verification; everyone else sees only the vessel's document count.
 */
export function VerificationStatusGrid({ owner, documents: counts }: { owner: User | null; documents: DocumentCounts }) {
  const { t } = useTranslation();
  const notShown = { tone: "neutral" as const, text: t("vesselDetail.notShown") };
  const verified = (done: boolean) =>
    done
      ? { tone: "done" as const, text: t("vesselDetail.statusVerified") }
      : { tone: "todo" as const, text: t("vesselDetail.statusNotVerified") };
  const documents = documentsStatus(counts, t);

  const items: { icon: ReactNode; label: string; tone: Tone; text: string }[] = [
    {
      icon: <Mail aria-hidden="true" />,
      label: t("vesselDetail.email"),
      ...(owner ? verified(Boolean(owner.emailVerifiedAt)) : notShown),
    },
    {
      icon: <Smartphone aria-hidden="true" />,
      label: t("vesselDetail.mobile"),
      ...(owner ? verified(Boolean(owner.phoneVerifiedAt)) : notShown),
    },
    { icon: <ScanFace aria-hidden="true" />, label: t("vesselDetail.identity"), ...(owner ? identityText(owner, t) : notShown) },
    { icon: <FileText aria-hidden="true" />, label: t("vesselDetail.documents"), ...documents },
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("vesselDetail.verificationStatus")}</CardTitle>
        {owner ? null : <CardDescription>{t("vesselDetail.notShownExplained")}</CardDescription>}
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {items.map((item) => (
            <li
              key={item.label}
              className="flex items-center gap-3 rounded-md border border-border p-3 [&>svg]:size-5 [&>svg]:shrink-0 [&>svg]:text-primary"
            >
              {item.icon}
              <div className="grid gap-0.5">
                <p className="text-sm font-medium">{item.label}</p>
                <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                  {item.tone === "neutral" ? null : <StatusIcon tone={item.tone} />}
                  {item.text}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

const WIDTHS: Record<number, string> = { 0: "w-0", 25: "w-1/4", 50: "w-1/2", 75: "w-3/4", 100: "w-full" };

/** 'Complete Your Verification': shown only to the signed-in current owner. */
export function VerificationChecklist({
  user,
  documents,
  platformId,
}: {
  user: User;
  documents: DocumentCounts;
  platformId: string;
}) {
  const { t } = useTranslation();
  // Spec section 9: at least one document counts, verified or not.
  const percent = verificationCompleteness(user, documents.total);
  const documentsState = documentsStatus(documents, t);
  const identity = identityText(user, t);
  const phoneVerified = Boolean(user.phoneVerifiedAt);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("vesselDetail.checklistTitle")}</CardTitle>
        <CardDescription>{t("vesselDetail.checklistDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-2">
          <p id="verification-progress-label" className="text-sm font-medium">
            {t("vesselDetail.completeness", { percent })}
          </p>
          <div
            role="progressbar"
            aria-labelledby="verification-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            {/* Class-based widths: the CSP allows no inline styles. */}
            <div className={cn("h-full bg-primary", WIDTHS[percent])} />
          </div>
        </div>

        <ul className="grid gap-4">
          <ChecklistItem
            tone={phoneVerified ? "done" : "todo"}
            title={t("vesselDetail.mobile")}
            status={phoneVerified ? t("vesselDetail.statusVerified") : t("vesselDetail.statusNotVerified")}
            action={phoneVerified ? null : <VerifyMobile user={user} />}
          />
          <ChecklistItem
            tone={identity.tone}
            title={t("vesselDetail.identity")}
            status={identity.text}
            action={
              identity.tone === "done" ? null : (
                <Button variant="outline" size="sm" disabled>
                  {t("vesselDetail.verifyIdentity")}
                </Button>
              )
            }
          />
          <ChecklistItem
            tone={documentsState.tone}
            title={t("vesselDetail.documents")}
            status={documentsState.text}
            action={
              <Button asChild variant="outline" size="sm">
                <Link to={`/registry/${encodeURIComponent(platformId)}/upload-documents`}>
                  {t("vesselDetail.uploadDocuments")}
                </Link>
              </Button>
            }
          />
        </ul>
      </CardContent>
    </Card>
  );
}

/** 'Verify Mobile': the profile's mobile number flow in a dialog, which closes once the number is verified. */
function VerifyMobile({ user }: { user: User }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          {t("vesselDetail.verifyMobile")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t("vesselDetail.verifyMobileTitle")}</DialogTitle>
          <DialogDescription>{t("phone.description")}</DialogDescription>
        </DialogHeader>
        <PhoneVerification user={user} idPrefix="vessel-phone" onVerified={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ChecklistItem({ tone, title, status, action }: { tone: Tone; title: string; status: string; action: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3">
      <div className="flex items-center gap-3">
        <StatusIcon tone={tone} />
        <div>
          <p className="font-medium">{title}</p>
          <p className="text-sm text-muted-foreground">{status}</p>
        </div>
      </div>
      {action}
    </li>
  );
}
