import type { TFunction } from "i18next";
import type { Described, Engine, HullMaterial, VesselType } from "@/api/types";
import { formatLengthCm, formatPowerKw, UNKNOWN } from "@/lib/format";

// A vessel's particulars in the reader's words, wherever they are shown: the vessel page and its
// corrections, the certificate check, the admin console's correction requests. The words are the
// catalogue's `particulars.*` (identifier types: `identifiers.<type>.label`).

/** The types in the order a select lists them. */
export const VESSEL_TYPES = ["sail", "motor", "paddle", "rowing", "other"] as const satisfies readonly VesselType[];

/** The hull materials in the order a select lists them. */
export const HULL_MATERIALS = [
  "grp",
  "wood",
  "steel",
  "aluminium",
  "polyethylene",
  "inflatable",
  "other",
] as const satisfies readonly HullMaterial[];

export function isVesselType(value: string): value is VesselType {
  return (VESSEL_TYPES as readonly string[]).includes(value);
}

export function isHullMaterial(value: string): value is HullMaterial {
  return (HULL_MATERIALS as readonly string[]).includes(value);
}

/** 'Sailing vessel'; a code this app does not know yet, as the server wrote it. */
export function vesselTypeLabel(type: string, t: TFunction): string {
  return t(`particulars.vesselTypes.${type}`, { defaultValue: type });
}

/** 'GRP (fibreglass)'; a code this app does not know yet, as the server wrote it. */
export function hullMaterialLabel(material: string, t: TFunction): string {
  return t(`particulars.hullMaterials.${material}`, { defaultValue: material });
}

/** "Volvo Penta D2-40, 29.4 kW" (the model only when given), the power in the reader's locale. */
export function formatEngine(engine: Engine, locale: string): string {
  const name = [engine.make, engine.model ?? ""]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" ");
  return `${name}, ${formatPowerKw(engine.powerKw, locale)}`;
}

function isEngine(value: unknown): value is Engine {
  if (typeof value !== "object" || value === null) return false;
  const engine = value as Record<string, unknown>;
  return (
    typeof engine.make === "string" &&
    typeof engine.powerKw === "number" &&
    (engine.model === undefined || engine.model === null || typeof engine.model === "string")
  );
}

/** Engines as a correction records them (a JSON array); null when the text is not such an array. */
export function parseEngines(json: string): Engine[] | null {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) && value.every(isEngine) ? value : null;
  } catch {
    return null;
  }
}

/**
 * What identifies a vessel as registered: an administrator corrects it on the owner's request (the
 * order the request form lists them in, before the country's own identifiers).
 */
export const REQUESTABLE_FIELDS = [
  "make",
  "model",
  "buildYear",
  "lengthCm",
  "cin",
  "legacyId",
  "engineSerial",
  "mmsi",
  "imoNumber",
  "eniNumber",
] as const;

/** The particulars a correction may name, each with its words under `particulars.fields`. */
const FIELDS = new Set<string>([
  "name",
  "vesselType",
  "hullMaterial",
  "hullColour",
  "homePort",
  "engines",
  ...REQUESTABLE_FIELDS,
]);

const NATIONAL_PREFIX = "identifiers.";

/**
 * A particular as the API names it (`homePort`, `identifiers.brandmerk`) in words ('Home port',
 * 'Brandmerk (Kadaster)'); one this app does not know yet, as the server wrote it.
 */
export function particularLabel(field: string, t: TFunction): string {
  if (field.startsWith(NATIONAL_PREFIX)) {
    const type = field.slice(NATIONAL_PREFIX.length);
    return t(`identifiers.${type}.label`, { defaultValue: type });
  }
  return FIELDS.has(field) ? t(`particulars.fields.${field}`) : field;
}

/**
 * A particular's value as the API writes it in a correction or a correction request, in words:
 * a type or material code translated, engines (a JSON array) as "Volvo Penta D2-40, 29.4 kW;
 * Yanmar, 15 kW", a length in centimetres in metres, 'unknown' as 'Unknown', and no value as
 * 'none'. Anything else as written.
 */
export function particularValueText(field: string, value: string | null | undefined, t: TFunction, locale: string): string {
  if (value == null || value.trim() === "") return t("particulars.none");
  if (value === UNKNOWN) return t("vessel.unknown");
  switch (field) {
    case "vesselType":
      return vesselTypeLabel(value, t);
    case "hullMaterial":
      return hullMaterialLabel(value, t);
    case "engines": {
      const engines = parseEngines(value);
      if (engines === null) return value;
      if (engines.length === 0) return t("particulars.none");
      return engines.map((engine) => formatEngine(engine, locale)).join("; ");
    }
    case "lengthCm":
      return /^\d+$/.test(value) ? formatLengthCm(Number(value), locale) : value;
    default:
      return value;
  }
}

/** One line of a particulars list: a stable key, its label and its value in words. */
export type ParticularLine = { key: string; label: string; value: string };

/**
 * What describes a vessel besides its identity (type, hull material and colour, home port,
 * engines), only the ones given, as lines of a particulars list: one line per engine, 'Engine'
 * for the only one and 'Engine 1', 'Engine 2'... when there are several.
 */
export function describedLines(described: Described, t: TFunction, locale: string): ParticularLine[] {
  const lines: ParticularLine[] = [];
  if (described.vesselType) {
    lines.push({ key: "vesselType", label: t("particulars.fields.vesselType"), value: vesselTypeLabel(described.vesselType, t) });
  }
  if (described.hullMaterial) {
    lines.push({
      key: "hullMaterial",
      label: t("particulars.fields.hullMaterial"),
      value: hullMaterialLabel(described.hullMaterial, t),
    });
  }
  if (described.hullColour) {
    lines.push({ key: "hullColour", label: t("particulars.fields.hullColour"), value: described.hullColour });
  }
  if (described.homePort) {
    lines.push({ key: "homePort", label: t("particulars.fields.homePort"), value: described.homePort });
  }
  const engines = described.engines ?? [];
  engines.forEach((engine, i) => {
    lines.push({
      key: `engine-${i}`,
      label: engines.length === 1 ? t("particulars.engine") : t("particulars.engineNumbered", { n: i + 1 }),
      value: formatEngine(engine, locale),
    });
  });
  return lines;
}
