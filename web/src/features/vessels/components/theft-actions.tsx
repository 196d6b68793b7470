import { zodResolver } from "@hookform/resolvers/zod";
import { ShieldAlert, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { Vessel } from "@/api/types";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { useMarkRecovered, useReportTheft } from "@/features/vessels/api/theft";
import {
  DESCRIPTION_MAX,
  PLACE_MAX,
  POLICE_REFERENCE_MAX,
  theftReportDefaults,
  theftReportSchema,
  toReportTheftRequest,
  today,
  type TheftReportValues,
} from "@/features/vessels/schemas/theft-report";
import { errorMessage } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";

/**
 * The owner's theft actions: 'Report stolen' while no report is open (an open transfer is
 * canceled), 'Mark recovered' while one is.
 */
export function TheftActions({ vessel }: { vessel: Vessel }) {
  return vessel.stolen ? <MarkRecoveredButton vessel={vessel} /> : <ReportTheftDialog vessel={vessel} />;
}

/** The server refused: its message, in the reader's language. */
function notSaved(err: unknown, t: TFunction) {
  toast({
    variant: "destructive",
    title: t("theft.failedTitle"),
    error: err,
    description: errorMessage(err, t("common.genericError")),
  });
}

function MarkRecoveredButton({ vessel }: { vessel: Vessel }) {
  const { t } = useTranslation();
  const recover = useMarkRecovered(vessel.id, vessel.platformId);
  const onClick = () =>
    recover.mutate(undefined, {
      onSuccess: () => toast({ title: t("theft.recoveredTitle"), description: t("theft.recovered") }),
      onError: (err) => notSaved(err, t),
    });
  return (
    <Button variant="outline" onClick={onClick} disabled={recover.isPending}>
      <ShieldCheck aria-hidden="true" />
      {recover.isPending ? t("theft.recovering") : t("theft.markRecovered")}
    </Button>
  );
}

function ReportTheftDialog({ vessel }: { vessel: Vessel }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <ShieldAlert aria-hidden="true" />
          {t("theft.report")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t("theft.reportTitle")}</DialogTitle>
          <DialogDescription>{t("theft.reportDescription")}</DialogDescription>
        </DialogHeader>
        <ReportTheftForm vessel={vessel} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ReportTheftForm({ vessel, onDone }: { vessel: Vessel; onDone: () => void }) {
  const { t } = useTranslation();
  const send = useReportTheft(vessel.id, vessel.platformId);
  const form = useForm<TheftReportValues>({ resolver: zodResolver(theftReportSchema), defaultValues: theftReportDefaults });
  const { errors } = form.formState;
  const onSubmit = (values: TheftReportValues) =>
    send.mutate(toReportTheftRequest(values), {
      onSuccess: () => {
        toast({ title: t("theft.reportedTitle"), description: t("theft.reported") });
        onDone();
      },
      onError: (err) => {
        if (applyServerFieldErrors(err, form.setError, ["stolenAt", "place", "policeReference", "description"])) return;
        notSaved(err, t);
      },
    });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="grid gap-4">
      <FormField id="theft-stolen-at" label={t("theft.stolenAt")} error={errors.stolenAt}>
        <Input type="date" max={today()} aria-required="true" {...form.register("stolenAt")} />
      </FormField>
      <FormField
        id="theft-place"
        label={t("theft.place")}
        hint={t("theft.placeHint")}
        error={errors.place}
        errorParams={{ max: PLACE_MAX }}
      >
        <Input maxLength={PLACE_MAX} aria-required="true" {...form.register("place")} />
      </FormField>
      <FormField
        id="theft-police-reference"
        label={t("theft.policeReference")}
        hint={t("theft.policeReferenceHint")}
        error={errors.policeReference}
        errorParams={{ max: POLICE_REFERENCE_MAX }}
      >
        <Input maxLength={POLICE_REFERENCE_MAX} autoComplete="off" aria-required="true" {...form.register("policeReference")} />
      </FormField>
      <FormField
        id="theft-description"
        label={t("theft.description")}
        error={errors.description}
        errorParams={{ max: DESCRIPTION_MAX }}
      >
        <Textarea rows={3} maxLength={DESCRIPTION_MAX} {...form.register("description")} />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="destructive" disabled={send.isPending}>
          {send.isPending ? t("theft.sending") : t("theft.send")}
        </Button>
      </DialogFooter>
    </form>
  );
}
