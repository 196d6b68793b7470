import { z } from "@/lib/zod";
import type { CountryConfig, CreateVesselRequest, IdentifierConfig } from "@/api/types";
import { descriptionDefaults, descriptionIssues, descriptionShape, toDescription } from "@/features/vessels/public";
import { UNKNOWN } from "@/lib/format";

// Spec sections 5 and 9. Messages are i18n keys (see `validation.*` in en.json / nl.json).

export const BUILD_YEAR_MIN = 1900;
/** Vessels built before this year have a legacy / national ID instead of a CIN/HIN. */
export const LEGACY_ID_BEFORE_YEAR = 1998;
export const LEGACY_ID_MAX = 20;
export const CIN_LENGTH = 14;
export const PHONE_MIN = 5;
export const PHONE_MAX = 15;

/** The latest build year accepted: next year (spec section 9). */
export function maxBuildYear(now = new Date()): number {
  return now.getFullYear() + 1;
}

/** What the user typed, without spaces, hyphens, dots and brackets. */
export function cleanPhoneNumber(raw: string): string {
  return raw.replace(/[\s\-().]/g, "");
}

/** Prefix plus the number without its leading zeros: "+31" + "0612345678" -> "+31612345678". */
export function toPhoneE164(prefix: string, number: string): string {
  return `${prefix}${cleanPhoneNumber(number).replace(/^0+/, "")}`;
}

/** A CIN/HIN is 14 characters not counting hyphens and spaces (NL-BEN12345F819). */
export function cinCharacters(raw: string): string {
  return raw.replace(/[\s-]/g, "");
}

const text = z.string().optional();
const flag = z.boolean().optional();

export const vesselDetailsSchema = z
  .object({
    name: text,
    countryCode: z.string().trim().length(2, { error: "validation.selectCountry" }),
    // The owner's mobile number is asked once, on the account: verified there (from this step when
    // needed), it is the vessel's.
    phoneVerified: z.boolean().refine((v) => v, { error: "registerVessel.verifyMobileFirst" }),
    make: text,
    makeUnknown: flag,
    model: text,
    modelUnknown: flag,
    buildYear: text,
    buildYearUnknown: flag,
    lengthCm: text,
    lengthUnknown: flag,
    publicVisibility: z.boolean(),
    forSale: z.boolean(),
    // The optional description: type, hull, home port, engines.
    ...descriptionShape,
  })
  .superRefine((v, ctx) => {
    for (const issue of descriptionIssues(v)) ctx.addIssue({ code: "custom", ...issue });
    if (!v.makeUnknown && !v.make?.trim()) {
      ctx.addIssue({ code: "custom", path: ["make"], message: "validation.makeRequired" });
    }
    if (!v.modelUnknown && !v.model?.trim()) {
      ctx.addIssue({ code: "custom", path: ["model"], message: "validation.modelRequired" });
    }
    const year = v.buildYearUnknown ? "" : (v.buildYear ?? "").trim();
    if (year) {
      const n = Number(year);
      if (!/^\d+$/.test(year) || n < BUILD_YEAR_MIN || n > maxBuildYear()) {
        ctx.addIssue({ code: "custom", path: ["buildYear"], message: "validation.buildYearRange" });
      }
    }
    const length = v.lengthUnknown ? "" : (v.lengthCm ?? "").trim();
    if (length) {
      const n = Number(length);
      if (!Number.isFinite(n) || n <= 0) {
        ctx.addIssue({ code: "custom", path: ["lengthCm"], message: "validation.lengthPositive" });
      } else if (!Number.isInteger(n)) {
        ctx.addIssue({ code: "custom", path: ["lengthCm"], message: "validation.lengthWhole" });
      }
    }
  });

export type VesselDetailsValues = z.infer<typeof vesselDetailsSchema>;

export const detailsDefaults: VesselDetailsValues = {
  name: "",
  countryCode: "",
  phoneVerified: false,
  make: "",
  makeUnknown: false,
  model: "",
  modelUnknown: false,
  buildYear: "",
  buildYearUnknown: false,
  lengthCm: "",
  lengthUnknown: false,
  publicVisibility: true,
  forSale: false,
  ...descriptionDefaults,
};

/** The build year as a number, or null when unknown or not given. */
export function buildYearOf(d: VesselDetailsValues): number | null {
  const year = d.buildYearUnknown ? "" : (d.buildYear ?? "").trim();
  return year ? Number(year) : null;
}

/** Step 2 asks for a legacy ID instead of a CIN/HIN when the build year is set and before 1998. */
export function needsLegacyId(d: VesselDetailsValues): boolean {
  const year = buildYearOf(d);
  return year != null && year < LEGACY_ID_BEFORE_YEAR;
}

export type IdentifiersContext = { legacy: boolean };

export function vesselIdentifiersSchema({ legacy }: IdentifiersContext) {
  return z
    .object({
      cin: text,
      cinUnknown: flag,
      legacyId: text,
      legacyIdUnknown: flag,
      engineSerial: text,
      engineSerialUnknown: flag,
      mmsi: text,
      mmsiUnknown: flag,
      imoNumber: text,
      eniNumber: text,
      identifiers: z.record(z.string(), z.string().optional()),
      identifiersUnknown: z.record(z.string(), z.boolean().optional()),
    })
    .superRefine((v, ctx) => {
      if (legacy) {
        const legacyId = v.legacyIdUnknown ? null : (v.legacyId ?? "").trim();
        if (legacyId === "") {
          ctx.addIssue({ code: "custom", path: ["legacyId"], message: "validation.legacyIdRequired" });
        } else if (legacyId && legacyId.length > LEGACY_ID_MAX) {
          ctx.addIssue({ code: "custom", path: ["legacyId"], message: "validation.legacyIdMax" });
        }
      } else if (!v.cinUnknown && cinCharacters(v.cin ?? "").length !== CIN_LENGTH) {
        ctx.addIssue({ code: "custom", path: ["cin"], message: "validation.cinLength" });
      }
      const mmsi = v.mmsiUnknown ? "" : (v.mmsi ?? "").trim();
      if (mmsi && !/^\d{9}$/.test(mmsi)) {
        ctx.addIssue({ code: "custom", path: ["mmsi"], message: "validation.mmsiDigits" });
      }
    });
}

export type VesselIdentifiersValues = z.infer<ReturnType<typeof vesselIdentifiersSchema>>;

export const identifiersDefaults: VesselIdentifiersValues = {
  cin: "",
  cinUnknown: false,
  legacyId: "",
  legacyIdUnknown: false,
  engineSerial: "",
  engineSerialUnknown: false,
  mmsi: "",
  mmsiUnknown: false,
  imoNumber: "",
  eniNumber: "",
  identifiers: {},
  identifiersUnknown: {},
};

/** The country's own identifiers; CIN and MMSI have fields of their own. */
export function nationalIdentifiers(country: CountryConfig | undefined): IdentifierConfig[] {
  return (country?.identifiers ?? []).filter((i) => i.type !== "cin" && i.type !== "mmsi");
}

function optional(value: string | undefined, unknown: boolean | undefined): string | null {
  if (unknown) return UNKNOWN;
  const trimmed = (value ?? "").trim();
  return trimmed ? trimmed : null;
}

/** The POST /api/vessels body from both steps (spec section 7). */
export function toCreateVesselRequest(
  d: VesselDetailsValues,
  i: VesselIdentifiersValues,
  country: CountryConfig | undefined,
): CreateVesselRequest {
  const legacy = needsLegacyId(d);
  const length = d.lengthUnknown ? "" : (d.lengthCm ?? "").trim();
  const identifiers: Record<string, string> = {};
  for (const { type } of nationalIdentifiers(country)) {
    const value = optional(i.identifiers[type], i.identifiersUnknown[type]);
    if (value) identifiers[type] = value;
  }
  return {
    name: (d.name ?? "").trim() || null,
    countryCode: d.countryCode.trim(),
    make: d.makeUnknown ? UNKNOWN : (d.make ?? "").trim(),
    model: d.modelUnknown ? UNKNOWN : (d.model ?? "").trim(),
    buildYear: buildYearOf(d),
    lengthCm: length ? Number(length) : null,
    publicVisibility: d.publicVisibility,
    forSale: d.forSale,
    cin: legacy ? null : i.cinUnknown ? UNKNOWN : (i.cin ?? "").trim(),
    legacyId: legacy ? optional(i.legacyId, i.legacyIdUnknown) : null,
    engineSerial: optional(i.engineSerial, i.engineSerialUnknown),
    eniNumber: optional(i.eniNumber, false),
    imoNumber: optional(i.imoNumber, false),
    mmsi: optional(i.mmsi, i.mmsiUnknown),
    identifiers,
    ...givenDescription(d),
  };
}

/** The description's particulars that were given: the others are left out of the request. */
function givenDescription(d: VesselDetailsValues): Partial<CreateVesselRequest> {
  const { vesselType, hullMaterial, hullColour, homePort, engines } = toDescription(d);
  return {
    ...(vesselType ? { vesselType } : {}),
    ...(hullMaterial ? { hullMaterial } : {}),
    ...(hullColour ? { hullColour } : {}),
    ...(homePort ? { homePort } : {}),
    ...(engines.length > 0 ? { engines } : {}),
  };
}
