import { FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { CorrectionRequest, CorrectionRequestStatus, Vessel } from "@/api/types";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useCorrectionRequests } from "@/features/vessels/api/get-correction-requests";
import { EditParticularsDialog } from "@/features/vessels/components/edit-particulars-dialog";
import { RequestCorrectionDialog } from "@/features/vessels/components/request-correction-dialog";
import { errorMessage } from "@/lib/api-client";
import { useCountries } from "@/lib/config/get-countries";
import { formatDate } from "@/lib/format";
import { particularLabel, particularValueText } from "@/lib/particulars";

// The owner's part of the particulars, in a module of its own so that a visitor's vessel page does
// not load its forms (the page fetches it with lazyPart).

const STATUS_BADGES: Record<CorrectionRequestStatus, BadgeProps["variant"]> = {
  pending: "warning",
  approved: "success",
  rejected: "destructive",
};

/**
 * 'Particulars', for the vessel's current owner: 'Edit particulars' for what the owner changes,
 * 'Request a correction' for what the registry corrects on request, and the requests sent so far
 * with the registry's decision. Nothing to change on a vessel that left the registry: the
 * requests alone are listed then.
 */
export function OwnerParticulars({ vessel }: { vessel: Vessel }) {
  const { t } = useTranslation();
  const countries = useCountries();
  const country = countries.data?.find((c) => c.code === vessel.countryCode);
  const changeable = vessel.status !== "deactivated";
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid min-w-64 flex-1 basis-64 gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <FileText className="size-5 text-primary" aria-hidden="true" />
            {t("corrections.owner.title")}
          </CardTitle>
          <CardDescription>{t("corrections.owner.description")}</CardDescription>
        </div>
        {changeable ? (
          <div className="flex flex-wrap gap-2">
            <EditParticularsDialog vessel={vessel} />
            <RequestCorrectionDialog vessel={vessel} country={country} />
          </div>
        ) : null}
      </CardHeader>
      <CardContent>
        <CorrectionRequests vesselId={vessel.id} />
      </CardContent>
    </Card>
  );
}

function CorrectionRequests({ vesselId }: { vesselId: string }) {
  const { t } = useTranslation();
  const requests = useCorrectionRequests(vesselId);
  if (requests.isPending) {
    return (
      <div role="status" aria-label={t("common.loading")}>
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (requests.isError) {
    return (
      <Alert variant="destructive" role="alert">
        {errorMessage(requests.error, t("corrections.owner.loadFailed"))}
      </Alert>
    );
  }
  if (requests.data.length === 0) return <p className="text-sm text-muted-foreground">{t("corrections.owner.none")}</p>;
  return (
    <section aria-labelledby="correction-requests-title" className="grid gap-3">
      <h3 id="correction-requests-title" className="text-sm font-semibold">
        {t("corrections.owner.requestsTitle")}
      </h3>
      <ul aria-labelledby="correction-requests-title" className="grid gap-3">
        {requests.data.map((request) => (
          <RequestItem key={request.id} request={request} />
        ))}
      </ul>
    </section>
  );
}

function RequestItem({ request }: { request: CorrectionRequest }) {
  const { t, i18n } = useTranslation();
  const value = (text: string | null | undefined) => particularValueText(request.field, text, t, i18n.language);
  return (
    <li className="grid gap-1 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="break-words">
          <span className="font-medium">{particularLabel(request.field, t)}:</span>{" "}
          {request.status === "pending"
            ? t("corrections.change", { from: value(request.currentValue), to: value(request.value) })
            : t("corrections.owner.askedFor", { value: value(request.value) })}
        </p>
        <Badge variant={STATUS_BADGES[request.status]}>{t(`corrections.status.${request.status}`)}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {t("corrections.owner.requestedOn", { date: formatDate(request.requestedAt, i18n.language) })}
        {request.decidedAt
          ? ` · ${t("corrections.owner.decidedOn", { date: formatDate(request.decidedAt, i18n.language) })}`
          : null}
      </p>
      <p className="text-sm break-words">{t("corrections.owner.reason", { reason: request.reason })}</p>
      {request.decisionNote ? (
        <p className="text-sm break-words">{t("corrections.owner.note", { note: request.decisionNote })}</p>
      ) : null}
    </li>
  );
}
