import type { ReportTheftRequest } from "@/api/types";
import { collapse } from "@/features/vessels/schemas/particulars";
import { z } from "@/lib/zod";

// 'Report stolen': when, where, the police report's reference, and what happened. The server
// checks the same (the date not in the future). Messages are i18n keys (`validation.*`).

export const PLACE_MAX = 120;
export const POLICE_REFERENCE_MAX = 60;
export const DESCRIPTION_MAX = 1000;

/** Today as the date input writes it (YYYY-MM-DD), in the reader's time zone. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const theftReportSchema = z
  .object({ stolenAt: z.string(), place: z.string(), policeReference: z.string(), description: z.string() })
  .superRefine((v, ctx) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v.stolenAt)) {
      ctx.addIssue({ code: "custom", path: ["stolenAt"], message: "validation.stolenAtRequired" });
    } else if (v.stolenAt > today()) {
      ctx.addIssue({ code: "custom", path: ["stolenAt"], message: "validation.stolenAtFuture" });
    }
    const place = Array.from(collapse(v.place)).length;
    if (place === 0) ctx.addIssue({ code: "custom", path: ["place"], message: "validation.theftPlaceRequired" });
    if (place > PLACE_MAX) ctx.addIssue({ code: "custom", path: ["place"], message: "validation.theftPlaceMax" });
    const reference = Array.from(collapse(v.policeReference)).length;
    if (reference === 0) {
      ctx.addIssue({ code: "custom", path: ["policeReference"], message: "validation.policeReferenceRequired" });
    }
    if (reference > POLICE_REFERENCE_MAX) {
      ctx.addIssue({ code: "custom", path: ["policeReference"], message: "validation.policeReferenceMax" });
    }
    if (Array.from(collapse(v.description)).length > DESCRIPTION_MAX) {
      ctx.addIssue({ code: "custom", path: ["description"], message: "validation.theftDescriptionMax" });
    }
  });

export type TheftReportValues = z.infer<typeof theftReportSchema>;

export const theftReportDefaults: TheftReportValues = { stolenAt: "", place: "", policeReference: "", description: "" };

export function toReportTheftRequest(v: TheftReportValues): ReportTheftRequest {
  const description = collapse(v.description);
  return {
    stolenAt: v.stolenAt,
    place: collapse(v.place),
    policeReference: collapse(v.policeReference),
    ...(description ? { description } : {}),
  };
}
