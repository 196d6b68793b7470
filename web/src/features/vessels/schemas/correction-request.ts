import type { CorrectionRequestBody, CountryConfig, Vessel } from "@/api/types";
import { collapse } from "@/features/vessels/schemas/particulars";
import { REQUESTABLE_FIELDS } from "@/lib/particulars";
import { z } from "@/lib/zod";

// 'Request a correction': what identifies a vessel (make, model, build year, length, identifiers)
// is corrected by an administrator on the owner's request. The server checks the value as a
// registration would. Messages are i18n keys (see `validation.*` in en.json / nl.json).

export const VALUE_MAX = 100;
export const REASON_MIN = 10;
export const REASON_MAX = 1000;

/** The particulars an owner asks to correct, in the order the select lists them (then the country's own). */
export const REQUEST_FIELDS = REQUESTABLE_FIELDS;

/** Fields whose value is a whole number. */
const NUMBER_FIELDS = new Set(["buildYear", "lengthCm"]);

/** The select's fields for a vessel of `country`: the common ones, then its national identifiers (`identifiers.<type>`). */
export function requestFields(country: CountryConfig | undefined): string[] {
  const national = (country?.identifiers ?? [])
    .map((identifier) => identifier.type)
    .filter((type) => type !== "cin" && type !== "mmsi")
    .map((type) => `identifiers.${type}`);
  return [...REQUEST_FIELDS, ...national];
}

/** The value registered for `field`, as the API writes it (null when there is none). */
export function registeredValue(vessel: Vessel, field: string): string | null {
  const ids = vessel.identifiers;
  switch (field) {
    case "make":
      return vessel.make;
    case "model":
      return vessel.model;
    case "buildYear":
      return vessel.buildYear == null ? null : String(vessel.buildYear);
    case "lengthCm":
      return vessel.lengthCm == null ? null : String(vessel.lengthCm);
    case "cin":
      return vessel.cin ?? null;
    case "legacyId":
      return ids.legacyId ?? null;
    case "engineSerial":
      return ids.engineSerial ?? null;
    case "mmsi":
      return ids.mmsi ?? null;
    case "imoNumber":
      return ids.imoNumber ?? null;
    case "eniNumber":
      return ids.eniNumber ?? null;
    default:
      return field.startsWith("identifiers.") ? (ids.national[field.slice("identifiers.".length)] ?? null) : null;
  }
}

export const correctionRequestSchema = z
  .object({ field: z.string(), value: z.string(), reason: z.string() })
  .superRefine((v, ctx) => {
    if (!v.field) ctx.addIssue({ code: "custom", path: ["field"], message: "validation.chooseParticular" });
    const value = v.value.trim();
    if (Array.from(value).length > VALUE_MAX) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "validation.correctionValueMax" });
    } else if (NUMBER_FIELDS.has(v.field) && value !== "" && !/^\d+$/.test(value)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "validation.wholeNumber" });
    }
    const reason = Array.from(collapse(v.reason)).length;
    if (reason < REASON_MIN || reason > REASON_MAX) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: "validation.correctionReasonLength" });
    }
  });

export type CorrectionRequestValues = z.infer<typeof correctionRequestSchema>;

export const correctionRequestDefaults: CorrectionRequestValues = { field: "", value: "", reason: "" };

export function toCorrectionRequestBody(v: CorrectionRequestValues): CorrectionRequestBody {
  return { field: v.field, value: v.value.trim(), reason: collapse(v.reason) };
}
