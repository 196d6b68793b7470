import type { TFunction } from "i18next";
import { CircleCheck, CircleDashed, Clock, FileText, Mail, ScanFace, Smartphone } from "lucide-react";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { IdentityVerificationStatus, OwnerVerification } from "@/api/types";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";

export type Tone = "done" | "pending" | "todo" | "neutral";

export function StatusIcon({ tone }: { tone: Tone }) {
  if (tone === "done") return <CircleCheck className="size-5 text-success" aria-hidden="true" />;
  if (tone === "pending") return <Clock className="size-5 text-muted-foreground" aria-hidden="true" />;
  return <CircleDashed className="size-5 text-muted-foreground" aria-hidden="true" />;
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

function identityText(status: IdentityVerificationStatus, t: TFunction) {
  if (status === "verified") return { tone: "done" as const, text: t("vesselDetail.statusVerified") };
  if (status === "pending") return { tone: "pending" as const, text: t("vesselDetail.statusPending") };
  return { tone: "todo" as const, text: t("vesselDetail.statusNotStarted") };
}

/** The completeness bar's width for 0, 25, 50, 75 and 100 (class-based: the CSP allows no inline styles). */
const WIDTHS: Record<number, string> = { 0: "w-0", 25: "w-1/4", 50: "w-1/2", 75: "w-3/4", 100: "w-full" };

/**
 * The four-item status grid and the completeness bar, for everyone: the current owner's verification
 * as the server reports it (`ownerVerification`; null when the vessel has no owner).
 */
export function VerificationStatusGrid({
  ownerVerification,
  documents: counts,
}: {
  ownerVerification: OwnerVerification | null;
  documents: DocumentCounts;
}) {
  const { t } = useTranslation();
  const progressLabelId = useId();
  const owner = ownerVerification;
  const notShown = { tone: "neutral" as const, text: t("vesselDetail.notShown") };
  const verified = (done: boolean) =>
    done
      ? { tone: "done" as const, text: t("vesselDetail.statusVerified") }
      : { tone: "todo" as const, text: t("vesselDetail.statusNotVerified") };
  const documents = documentsStatus(counts, t);

  const items: { icon: ReactNode; label: string; tone: Tone; text: string }[] = [
    { icon: <Mail aria-hidden="true" />, label: t("vesselDetail.email"), ...(owner ? verified(owner.email) : notShown) },
    { icon: <Smartphone aria-hidden="true" />, label: t("vesselDetail.mobile"), ...(owner ? verified(owner.phone) : notShown) },
    {
      icon: <ScanFace aria-hidden="true" />,
      label: t("vesselDetail.identity"),
      ...(owner ? identityText(owner.identity, t) : notShown),
    },
    { icon: <FileText aria-hidden="true" />, label: t("vesselDetail.documents"), ...documents },
  ];
  // Spec section 9: 25% for each of the four; the server counts them.
  const percent = owner ? Math.min(100, Math.max(0, owner.completeness)) : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("vesselDetail.verificationStatus")}</CardTitle>
        <CardDescription>
          {owner ? t("vesselDetail.ownerVerificationExplained") : t("vesselDetail.noOwnerExplained")}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {percent != null ? (
          <div className="grid gap-2">
            <p id={progressLabelId} className="text-sm font-medium">
              {t("vesselDetail.completeness", { percent })}
            </p>
            <div
              role="progressbar"
              aria-labelledby={progressLabelId}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 w-full overflow-hidden rounded-full bg-muted"
            >
              <div className={cn("h-full bg-primary", WIDTHS[Math.floor(percent / 25) * 25])} />
            </div>
          </div>
        ) : null}
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
