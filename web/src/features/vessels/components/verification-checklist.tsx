import type { TFunction } from "i18next";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { User } from "@/api/types";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { identityFailureMessage, VerifyIdentityButton } from "@/features/identity/public";
import { PhoneVerification } from "@/features/profile/public";
import { type DocumentCounts, documentsStatus, StatusIcon, type Tone } from "@/features/vessels/components/verification-panels";

// The owner's half of the verification panels, in a module of its own so that a visitor's vessel
// page does not load it (the page fetches it with lazyPart).

/** The checklist's identity item: verified, in progress, failed (why, and 'Try again'), or not started. */
function identityItem(user: User, platformId: string, t: TFunction): { tone: Tone; status: string; action: ReactNode } {
  const status = user.identityVerificationStatus;
  if (status === "verified") return { tone: "done", status: t("vesselDetail.statusVerified"), action: null };
  if (status === "pending") return { tone: "pending", status: t("identity.inProgress"), action: null };
  const failure = identityFailureMessage(user, t);
  if (failure != null) {
    return {
      tone: "todo",
      status: t("identity.failedStatus", { reason: failure }),
      action: <VerifyIdentityButton platformId={platformId} retry />,
    };
  }
  return { tone: "todo", status: t("vesselDetail.statusNotStarted"), action: <VerifyIdentityButton platformId={platformId} /> };
}

/**
 * 'Complete Your Verification': shown only to the signed-in current owner. `onChanged` runs when a step
 * is completed here, so the page refreshes the vessel's verification.
 */
export function VerificationChecklist({
  user,
  documents,
  platformId,
  onChanged,
}: {
  user: User;
  documents: DocumentCounts;
  platformId: string;
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  const documentsState = documentsStatus(documents, t);
  const identity = identityItem(user, platformId, t);
  const phoneVerified = Boolean(user.phoneVerifiedAt);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("vesselDetail.checklistTitle")}</CardTitle>
        <CardDescription>{t("vesselDetail.checklistDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4">
          <ChecklistItem
            tone={phoneVerified ? "done" : "todo"}
            title={t("vesselDetail.mobile")}
            status={phoneVerified ? t("vesselDetail.statusVerified") : t("vesselDetail.statusNotVerified")}
            action={phoneVerified ? null : <VerifyMobile user={user} onVerified={onChanged} />}
          />
          <ChecklistItem
            tone={identity.tone}
            title={t("vesselDetail.identity")}
            status={identity.status}
            action={identity.action}
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
function VerifyMobile({ user, onVerified }: { user: User; onVerified?: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Fetched with the button, so the form is there when the dialog opens (and takes the focus).
  useEffect(() => PhoneVerification.preload(), []);
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
        <PhoneVerification
          user={user}
          idPrefix="vessel-phone"
          onVerified={() => {
            setOpen(false);
            onVerified?.();
          }}
        />
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
