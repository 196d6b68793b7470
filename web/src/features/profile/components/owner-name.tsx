import { zodResolver } from "@hookform/resolvers/zod";
import { BadgeCheck, Building2 } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { User } from "@/api/types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { VerifyIdentityButton } from "@/features/identity/public";
import { useSetOwnerName } from "@/features/profile/api/set-owner-name";
import { ownerNameSchema, type OwnerNameValues } from "@/features/profile/schemas/owner-name";
import { errorMessage } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";

/**
 * The name certificates print. A person's name verified by an identity check is shown read-only
 * (changing it takes another check); otherwise the person types a name, which certificates mark as
 * not verified, or names a company with its registration number.
 */
export function OwnerName({ user }: { user: User }) {
  const { t } = useTranslation();
  const verifiedPerson = user.nameVerified && user.ownerKind === "person";
  return (
    <div className="grid gap-4">
      {user.name ? (
        <p className="flex flex-wrap items-center gap-2">
          {user.ownerKind === "company" ? <Building2 className="size-4" aria-hidden="true" /> : null}
          <span className="font-medium">{user.name}</span>
          {user.companyNumber ? <span className="text-muted-foreground">({user.companyNumber})</span> : null}
          {verifiedPerson ? (
            <Badge variant="success">
              <BadgeCheck className="size-3.5" aria-hidden="true" />
              {t("ownerName.verified")}
            </Badge>
          ) : (
            <Badge variant="warning">{t("ownerName.notVerified")}</Badge>
          )}
        </p>
      ) : (
        <p className="text-muted-foreground">{t("ownerName.none")}</p>
      )}
      {verifiedPerson ? (
        <div className="grid justify-items-start gap-2">
          <p className="text-sm text-muted-foreground">{t("ownerName.verifiedHint")}</p>
          <VerifyIdentityButton again />
        </div>
      ) : (
        <OwnerNameForm user={user} />
      )}
      {/* Anyone may have their identity checked from here, not only an owner from a vessel's page:
          a lender registers a lien only with a verified identity. */}
      {user.ownerKind === "person" && user.identityVerificationStatus === "not_started" ? (
        <div className="justify-self-start">
          <VerifyIdentityButton retry={user.identityFailureCode != null} />
        </div>
      ) : null}
    </div>
  );
}

function OwnerNameForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const save = useSetOwnerName();
  const form = useForm<OwnerNameValues>({
    resolver: zodResolver(ownerNameSchema),
    defaultValues: { ownerKind: user.ownerKind, name: user.name ?? "", companyNumber: user.companyNumber ?? "" },
  });
  const errors = form.formState.errors;
  const company = useWatch({ control: form.control, name: "ownerKind" }) === "company";

  const onSubmit = (values: OwnerNameValues) =>
    save.mutate(
      {
        name: values.name,
        ownerKind: values.ownerKind,
        companyNumber: values.ownerKind === "company" ? values.companyNumber : null,
      },
      {
        onSuccess: () => toast({ title: t("ownerName.savedTitle"), description: t("ownerName.savedDescription") }),
        onError: (err) => {
          if (!applyServerFieldErrors(err, form.setError, ["name", "companyNumber"] as const)) {
            toast({
              variant: "destructive",
              title: t("ownerName.saveFailed"),
              error: err,
              description: errorMessage(err, t("common.genericError")),
            });
          }
        },
      },
    );

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t("ownerName.kind")}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="person" {...form.register("ownerKind")} />
          {t("ownerName.person")}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="company" {...form.register("ownerKind")} />
          {t("ownerName.company")}
        </label>
      </fieldset>
      <FormField
        id="owner-name"
        label={company ? t("ownerName.companyName") : t("ownerName.legalName")}
        hint={company ? undefined : t("ownerName.legalNameHint")}
        error={errors.name}
      >
        <Input autoComplete={company ? "organization" : "name"} {...form.register("name")} />
      </FormField>
      {company ? (
        <FormField
          id="owner-company-number"
          label={t("ownerName.companyNumber")}
          hint={t("ownerName.companyNumberHint")}
          error={errors.companyNumber}
        >
          <Input autoComplete="off" {...form.register("companyNumber")} />
        </FormField>
      ) : null}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t("ownerName.saving") : t("ownerName.save")}
        </Button>
      </div>
    </form>
  );
}
