import { zodResolver } from "@hookform/resolvers/zod";
import { Mail } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { User, Vessel } from "@/api/types";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { useContactOwner } from "@/features/vessels/api/contact-owner";
import { contactOwnerSchema, type ContactOwnerValues } from "@/features/vessels/schemas/contact-owner";
import { errorMessage, serverText } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";

/**
 * 'Contact the owner' of a vessel for sale: a message and where to answer it, emailed to the
 * owner by the registry. The owner's address is never shown; they answer if they choose.
 */
export function ContactOwnerDialog({ vessel, user }: { vessel: Vessel; user: User | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const send = useContactOwner(vessel.platformId);
  const form = useForm<ContactOwnerValues>({
    resolver: zodResolver(contactOwnerSchema),
    defaultValues: { message: "", replyTo: user?.email ?? "" },
  });
  const errors = form.formState.errors;

  const onSubmit = (values: ContactOwnerValues) =>
    send.mutate(values, {
      onSuccess: (data) => {
        setOpen(false);
        form.reset({ message: "", replyTo: values.replyTo });
        toast({ title: t("contactOwner.sentTitle"), description: serverText(data.messageCode, data.message) });
      },
      onError: (err) => {
        if (!applyServerFieldErrors(err, form.setError, ["message", "replyTo"] as const)) {
          toast({
            variant: "destructive",
            title: t("common.error"),
            error: err,
            description: errorMessage(err, t("common.genericError")),
          });
        }
      },
    });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Mail aria-hidden="true" />
          {t("contactOwner.action")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("contactOwner.title", { vessel: vessel.name || vessel.platformId })}</DialogTitle>
          <DialogDescription>{t("contactOwner.description")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="grid gap-4">
          <FormField id="contact-message" label={t("contactOwner.message")} error={errors.message}>
            <Textarea rows={5} {...form.register("message")} />
          </FormField>
          <FormField
            id="contact-reply-to"
            label={t("contactOwner.replyTo")}
            hint={t("contactOwner.replyToHint")}
            error={errors.replyTo}
          >
            <Input type="email" autoComplete="email" {...form.register("replyTo")} />
          </FormField>
          <div>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? t("contactOwner.sending") : t("contactOwner.send")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
