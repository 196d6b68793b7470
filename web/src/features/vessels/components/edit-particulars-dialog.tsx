import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { Pencil } from "lucide-react";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { Vessel } from "@/api/types";
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
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { vesselQueryOptions } from "@/features/vessels/api/get-vessel";
import { useUpdateVessel } from "@/features/vessels/api/update-vessel";
import { DescriptionFields } from "@/features/vessels/components/description-fields";
import {
  NAME_MAX,
  PARTICULARS_SERVER_FIELDS,
  particularsChanges,
  particularsSchema,
  particularsValuesOf,
  type ParticularsValues,
} from "@/features/vessels/schemas/particulars";
import { ApiError, errorMessage } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";

/**
 * 'Edit particulars', for the vessel's owner: its name and what describes it (type, hull, home
 * port, engines). Each change is listed publicly on the vessel's page, and a certificate issued
 * before stops being current. The form is made anew, from the vessel as it is, each time the
 * dialog opens (its content is mounted only while open).
 */
export function EditParticularsDialog({ vessel }: { vessel: Vessel }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Pencil aria-hidden="true" />
          {t("corrections.edit.action")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("corrections.edit.title")}</DialogTitle>
          <DialogDescription>{t("corrections.edit.description")}</DialogDescription>
        </DialogHeader>
        <EditParticularsForm vessel={vessel} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function EditParticularsForm({ vessel, onDone }: { vessel: Vessel; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateVessel();
  const [nothing, setNothing] = useState(false);
  const form = useForm<ParticularsValues>({
    resolver: zodResolver(particularsSchema),
    defaultValues: particularsValuesOf(vessel, i18n.language),
  });
  const { errors } = form.formState;

  const onSubmit = (values: ParticularsValues) => {
    const changes = particularsChanges(vessel, values);
    if (Object.keys(changes).length === 0) {
      setNothing(true);
      return;
    }
    update.mutate(
      { id: vessel.id, changes },
      {
        onSuccess: () => {
          toast({ title: t("corrections.edit.savedTitle"), description: t("corrections.edit.saved") });
          onDone();
        },
        onError: (err) => {
          if (applyServerFieldErrors(err, form.setError, PARTICULARS_SERVER_FIELDS)) return;
          // Changed meanwhile (in another tab, say): what the page shows is no longer what is registered.
          if (err instanceof ApiError && err.status === 409) {
            void queryClient.invalidateQueries({ queryKey: vesselQueryOptions(vessel.platformId).queryKey });
          }
          toast({
            variant: "destructive",
            title: t("corrections.edit.failedTitle"),
            error: err,
            description: errorMessage(err, t("common.genericError")),
          });
        },
      },
    );
  };

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
        onChange={() => setNothing(false)}
        className="grid gap-4"
      >
        <FormField id="particulars-name" label={t("corrections.edit.name")} error={errors.name} errorParams={{ max: NAME_MAX }}>
          <Input autoComplete="off" maxLength={NAME_MAX} {...form.register("name")} />
        </FormField>
        <DescriptionFields idPrefix="particulars" />
        {nothing ? <Alert role="status">{t("corrections.edit.nothingChanged")}</Alert> : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t("corrections.saving") : t("corrections.edit.save")}
          </Button>
        </DialogFooter>
      </form>
    </FormProvider>
  );
}
