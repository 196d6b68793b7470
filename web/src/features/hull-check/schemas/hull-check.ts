import { HULL_CHECK_KINDS, type HullCheckQuery } from "@/features/hull-check/api/get-hull-check";
import { isWellFormedPlatformId } from "@/lib/platform-id";
import { z } from "@/lib/zod";

// The hull check's form, checked as the server checks it (server/src/features/vessels/hull_check.rs).
// Messages are i18n keys (`validation.*`). A CIN is not checked here: the server answers a
// malformed one too, with why it is malformed, which is what a buyer wants to know.

/** The longest identifier the server takes. */
export const IDENTIFIER_MAX = 40;

export const hullCheckSchema = z
  .object({
    kind: z.enum(HULL_CHECK_KINDS, { error: "validation.chooseFromList" }),
    identifier: z.string(),
  })
  .superRefine(({ kind, identifier }, ctx) => {
    const value = identifier.trim();
    const issue = (message: string) => ctx.addIssue({ code: "custom", path: ["identifier"], message });
    if (value === "") issue("validation.hullCheckIdentifierRequired");
    else if (Array.from(value).length > IDENTIFIER_MAX) issue("validation.hullCheckIdentifierMax");
    else if (kind === "mmsi" && !/^\d{9}$/.test(value.replace(/\s/g, ""))) issue("validation.mmsiDigits");
    else if (kind === "platformId" && !isWellFormedPlatformId(value)) issue("validation.platformIdShape");
  });

export type HullCheckValues = z.input<typeof hullCheckSchema>;

export const hullCheckDefaults: HullCheckValues = { kind: "cin", identifier: "" };

/** The form's values as the server takes them; only called once the schema passed. */
export function toHullCheckQuery({ kind, identifier }: HullCheckValues): HullCheckQuery {
  const value = identifier.trim();
  return { kind, value: kind === "mmsi" ? value.replace(/\s/g, "") : value };
}

/** The check a URL asks for (`?cin=…`, `?platformId=…` or `?mmsi=…`, the first one given), or null. */
export function hullCheckQueryFrom(params: URLSearchParams): HullCheckQuery | null {
  for (const kind of HULL_CHECK_KINDS) {
    const value = params.get(kind)?.trim();
    if (value) return { kind, value };
  }
  return null;
}
