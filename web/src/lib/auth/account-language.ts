import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { User } from "@/api/types";
import { toast } from "@/components/ui/use-toast";
import i18n, { changeLanguage, SUPPORTED_LANGUAGES } from "@/i18n";
import { apiFetch, errorMessage } from "@/lib/api-client";
import { currentUserQueryOptions, useCurrentUser } from "@/lib/auth/get-current-user";

/** PUT /api/profile/language: emails and SMS to this account are written in `language` from now on. */
export function saveAccountLanguage(language: User["language"]): Promise<{ language: User["language"] }> {
  return apiFetch("/api/profile/language", { method: "PUT", json: { language } });
}

/**
 * The reader's language: a guest's is kept in this browser (i18n's local storage), a signed-in
 * reader's on the account. Signing in applies the account's language; choosing one while
 * signed in keeps it on the account too. Returns the function the language menu calls.
 */
export function useReaderLanguage(): (code: string) => void {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const accountLanguage = user?.language;

  useEffect(() => {
    if (accountLanguage && SUPPORTED_LANGUAGES.includes(accountLanguage) && accountLanguage !== i18n.language) {
      changeLanguage(accountLanguage);
    }
  }, [accountLanguage]);

  return useCallback(
    (code: string) => {
      if (!SUPPORTED_LANGUAGES.includes(code)) return;
      changeLanguage(code);
      if (!user) return;
      const language = code as User["language"];
      saveAccountLanguage(language).then(
        () =>
          queryClient.setQueryData(currentUserQueryOptions().queryKey, (previous) =>
            previous ? { ...previous, language } : previous,
          ),
        (err: unknown) =>
          toast({
            variant: "destructive",
            title: t("lang.saveFailed"),
            description: errorMessage(err, t("common.genericError")),
          }),
      );
    },
    [user, queryClient, t],
  );
}
