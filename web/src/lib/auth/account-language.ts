import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import type { User } from "@/api/types";
import { toast } from "@/components/ui/use-toast";
import i18n, { changeLanguage, SUPPORTED_LANGUAGES } from "@/i18n";
import { apiFetch, errorMessage } from "@/lib/api-client";
import { currentUserQueryOptions, useCurrentUser } from "@/lib/auth/get-current-user";

/** PUT /api/profile/language: emails and SMS to this account are written in `language` from now on. */
export function saveAccountLanguage(language: User["language"]): Promise<{ language: User["language"] }> {
  return apiFetch("/api/profile/language", { method: "PUT", json: { language } });
}

/** The language a guest chose in the menu on this page, until they sign in. */
let guestChoice: User["language"] | null = null;

function saveFailed(err: unknown) {
  toast({
    variant: "destructive",
    title: i18n.t("lang.saveFailed"),
    description: errorMessage(err, i18n.t("common.genericError")),
  });
}

/**
 * The user who just signed in, as the session is to hold them: a language chosen before signing
 * in becomes the account's (saved with PUT /api/profile/language), instead of the page switching
 * to the one the account had stored. Without such a choice, the user as the server sent them.
 */
export function withGuestLanguage(user: User): User {
  const chosen = guestChoice;
  guestChoice = null;
  if (!chosen || chosen === user.language) return user;
  saveAccountLanguage(chosen).catch(saveFailed);
  return { ...user, language: chosen };
}

/**
 * The reader's language: a guest's is kept in this browser (i18n's local storage), a signed-in
 * reader's on the account. Signing in applies the account's language, unless the reader chose
 * one before (withGuestLanguage); choosing one while signed in keeps it on the account too.
 * Returns the function the language menu calls.
 */
export function useReaderLanguage(): (code: string) => void {
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
      const language = code as User["language"];
      if (!user) {
        guestChoice = language;
        return;
      }
      saveAccountLanguage(language).then(
        () =>
          queryClient.setQueryData(currentUserQueryOptions().queryKey, (previous) =>
            previous ? { ...previous, language } : previous,
          ),
        saveFailed,
      );
    },
    [user, queryClient],
  );
}
