import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Alert } from "@/components/ui/alert";
import { Button, type ButtonProps } from "@/components/ui/button";
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
import { REASON_MAX, reasonFormSchema, type ReasonWithEmailValues } from "@/features/admin/schemas/reason";
import { errorMessage } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";

export type ReasonDialogProps = {
  /** The button that opens the dialog. */
  triggerLabel: string;
  /** Names that button for assistive technology when every row has one ("Deactivate 7KQ2-M9XD-4HTB"). */
  triggerAriaLabel?: string;
  triggerIcon?: ReactNode;
  triggerVariant?: ButtonProps["variant"];
  title: string;
  description: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonProps["variant"];
  /** The button that closes the dialog without acting (default 'Cancel'). */
  dismissLabel?: string;
  /** Also asks for an account's email address (the account that receives a vessel), with this label. */
  emailLabel?: string;
  /**
   * Performs the action with the trimmed reason (and email, when asked for); when it fails, the
   * server's message stays in the dialog.
   */
  onConfirm: (reason: string, email: string) => Promise<unknown>;
  /** After the action succeeded and the dialog closed (a toast, say). */
  onDone?: () => void;
  disabled?: boolean;
};

/**
 * An administrator's action that needs a reason (1 to 500 characters, for the audit log): a button
 * opening a dialog with the reason, Cancel and the confirming button. The dialog stays open, with
 * the server's message, when the action is refused.
 */
export function ReasonDialog({
  triggerLabel,
  triggerAriaLabel,
  triggerIcon,
  triggerVariant = "outline",
  title,
  description,
  confirmLabel,
  confirmVariant = "destructive",
  dismissLabel,
  onConfirm,
  onDone,
  disabled,
  emailLabel,
}: ReasonDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ReasonWithEmailValues>({
    resolver: zodResolver(reasonFormSchema(Boolean(emailLabel))),
    defaultValues: { reason: "", email: "" },
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

  const onSubmit = form.handleSubmit(async ({ reason, email }) => {
    setFailure(null);
    try {
      await onConfirm(reason, email);
    } catch (err) {
      if (!applyServerFieldErrors(err, form.setError, ["reason", "email"]))
        setFailure(errorMessage(err, t("common.genericError")));
      return;
    }
    setOpen(false);
    form.reset();
    onDone?.();
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant={triggerVariant} size="sm" disabled={disabled} aria-label={triggerAriaLabel}>
          {triggerIcon}
          {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {emailLabel ? (
            <FormField id={`${id}-email`} label={emailLabel} error={errors.email}>
              <Input type="email" autoComplete="off" {...form.register("email")} />
            </FormField>
          ) : null}
          <FormField
            id={`${id}-reason`}
            label={t("admin.reason.label")}
            hint={t("admin.reason.hint", { max: REASON_MAX })}
            error={errors.reason}
          >
            <Textarea rows={3} {...form.register("reason")} />
          </FormField>
          {failure ? (
            <Alert variant="destructive" role="alert">
              {failure}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button variant="outline" disabled={isSubmitting} onClick={() => onOpenChange(false)}>
              {dismissLabel ?? t("common.cancel")}
            </Button>
            <Button type="submit" variant={confirmVariant} disabled={isSubmitting}>
              {isSubmitting ? t("admin.working") : confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
