import { z } from "@/lib/zod";

// An administrator's note with a decision on a correction request, for the owner: optional when
// approving, required when rejecting; at most 1,000 characters. Messages are i18n keys (see
// `validation.*` in en.json / nl.json).

export const NOTE_MAX = 1000;

export function correctionDecisionSchema(noteRequired: boolean) {
  return z.object({ note: z.string() }).superRefine((v, ctx) => {
    const note = v.note.trim();
    if (noteRequired && !note) ctx.addIssue({ code: "custom", path: ["note"], message: "validation.noteRequired" });
    else if (Array.from(note).length > NOTE_MAX) ctx.addIssue({ code: "custom", path: ["note"], message: "validation.noteMax" });
  });
}

export type CorrectionDecisionValues = z.infer<ReturnType<typeof correctionDecisionSchema>>;
