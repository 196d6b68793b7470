import { History } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Correction } from "@/api/types";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/format";
import { particularLabel, particularValueText } from "@/lib/particulars";

/**
 * 'Corrections to particulars', public: every change of the vessel's particulars since it was
 * registered, newest first, with what changed ('Home port: Muiden → Lelystad') and who made it (the
 * owner, or the registry granting the owner's request). Nothing when there were none.
 */
export function CorrectionsSection({ corrections }: { corrections: readonly Correction[] }) {
  const { t, i18n } = useTranslation();
  if (corrections.length === 0) return null;
  const value = (field: string, text: string | null | undefined) => particularValueText(field, text, t, i18n.language);
  return (
    <Card>
      <CardHeader>
        <CardTitle id="vessel-corrections-title" className="flex items-center gap-2">
          <History className="size-5 text-primary" aria-hidden="true" />
          {t("corrections.title")}
        </CardTitle>
        <CardDescription>{t("corrections.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ol aria-labelledby="vessel-corrections-title" className="grid gap-3">
          {corrections.map((correction, i) => (
            <li
              key={`${correction.correctedAt}-${correction.field}-${i}`}
              className="grid gap-1 border-l-2 border-border pl-3 sm:grid-cols-[9rem_1fr] sm:gap-4"
            >
              <time dateTime={correction.correctedAt} className="text-sm text-muted-foreground">
                {formatDate(correction.correctedAt, i18n.language)}
              </time>
              <div className="grid gap-0.5">
                <p className="break-words">
                  <span className="font-medium">{particularLabel(correction.field, t)}:</span>{" "}
                  {t("corrections.change", {
                    from: value(correction.field, correction.from),
                    to: value(correction.field, correction.to),
                  })}
                </p>
                <p className="text-sm text-muted-foreground">{t(`corrections.madeBy.${correction.madeBy}`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
