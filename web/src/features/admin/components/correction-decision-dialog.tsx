import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck, XCircle } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Alert } from "@/components/ui/alert";
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
import { Textarea } from "@/components/ui/textarea";
import type { CorrectionDecision } from "@/features/admin/api/decide-correction-request";
import { correctionDecisionSchema, NOTE_MAX, type CorrectionDecisionValues } from "@/features/admin/schemas/correction-decision";
import { errorMessage, fieldErrors } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";

/**
 * Approve or reject an owner's correction request: a button opening a dialog with the note for the
 * owner (optional when approving, required when rejecting). When the server refuses (the request
 * was decided meanwhile, the identifier is in use, the value no longer fits), its message stays in
 * the dialog.
 */
export function CorrectionDecisionDialog({
  decision,
  triggerAriaLabel,
  description,
  disabled,
  onConfirm,
  onDone,
}: {
  decision: CorrectionDecision;
  /** Names the button for assistive technology, as every row has one ('Approve MMSI of 7KQ2-M9XD-4HTB'). */
  triggerAriaLabel: string;
  description: ReactNode;
  disabled?: boolean;
  /** Decides with the trimmed note (null when none); rejects when it fails. */
  onConfirm: (note: string | null) => Promise<unknown>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const approve = decision === "approve";
  const form = useForm<CorrectionDecisionValues>({
    resolver: zodResolver(correctionDecisionSchema(!approve)),
    defaultValues: { note: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onOpenChange = (next: boolean) => {
    if (isSubmitting) return;
    setOpen(next);
    if (!next) {
      form.reset();
      setFailure(null);
    }
  };

  const onSubmit = form.handleSubmit(async ({ note }) => {
    setFailure(null);
    try {
      await onConfirm(note.trim() || null);
    } catch (err) {
      if (!applyServerFieldErrors(err, form.setError, ["note"])) {
        // A value that no longer fits the vessel comes as a field error on the request's `value`.
        const others = Object.values(fieldErrors(err)).flat();
        setFailure(others.length > 0 ? others.join(" ") : errorMessage(err, t("common.genericError")));
      }
      return;
    }
    setOpen(false);
    form.reset();
    onDone();
  });

  const label = approve ? t("admin.corrections.approve") : t("admin.corrections.reject");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={disabled} aria-label={triggerAriaLabel}>
          {approve ? <CircleCheck aria-hidden="true" /> : <XCircle aria-hidden="true" />}
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{approve ? t("admin.corrections.approveTitle") : t("admin.corrections.rejectTitle")}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <FormField
            id={`${id}-note`}
            label={approve ? t("admin.corrections.noteOptional") : t("admin.corrections.note")}
            hint={t("admin.corrections.noteHint")}
            error={errors.note}
          >
            <Textarea rows={3} maxLength={NOTE_MAX} aria-required={approve ? undefined : true} {...form.register("note")} />
          </FormField>
          {failure ? (
            <Alert variant="destructive" role="alert">
              {failure}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={isSubmitting} onClick={() => onOpenChange(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" variant={approve ? "default" : "destructive"} disabled={isSubmitting}>
              {isSubmitting ? t("admin.working") : label}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
