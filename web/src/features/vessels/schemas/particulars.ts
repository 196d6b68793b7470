import type { Described, Engine, UpdateVesselRequest, Vessel } from "@/api/types";
import { formatDecimalInput, parseDecimalInput } from "@/lib/format";
import { isHullMaterial, isVesselType } from "@/lib/particulars";
import { z } from "@/lib/zod";

// What describes a vessel besides its identity (type, hull, home port, engines): asked, optional,
// at registration and changed by the owner later. The server checks the same again. Messages are
// i18n keys (see `validation.*` in en.json / nl.json).

export const NAME_MAX = 100;
export const HULL_COLOUR_MAX = 40;
export const HOME_PORT_MAX = 80;
export const ENGINES_MAX = 6;
export const ENGINE_TEXT_MAX = 60;
export const POWER_KW_MIN = 0.1;
export const POWER_KW_MAX = 10_000;

/** Characters as the server counts them (code points), after it collapses the spaces. */
function length(text: string): number {
  return Array.from(collapse(text)).length;
}

/** Trimmed, runs of spaces as one: the text as the server keeps it. */
export function collapse(text: string): string {
  return text.trim().split(/\s+/).filter(Boolean).join(" ");
}

const engineRowSchema = z.object({ make: z.string(), model: z.string(), powerKw: z.string() });

export type EngineRow = z.infer<typeof engineRowSchema>;

export const emptyEngineRow: EngineRow = { make: "", model: "", powerKw: "" };

/** The description's fields, for a form that asks them among others (the registration's first step). */
export const descriptionShape = {
  vesselType: z.string(),
  hullMaterial: z.string(),
  hullColour: z.string(),
  homePort: z.string(),
  engines: z.array(engineRowSchema),
};

export type DescriptionValues = {
  vesselType: string;
  hullMaterial: string;
  hullColour: string;
  homePort: string;
  engines: EngineRow[];
};

export type DescriptionIssue = { path: (string | number)[]; message: string };

/** A power as typed ("29.4", "29,4"): 0.1 to 10,000 kW with at most one decimal, else null. */
export function parsePowerKw(text: string): number | null {
  const kw = parseDecimalInput(text);
  if (kw === null || Number.isNaN(kw) || !/^\d+(?:[.,]\d)?$/.test(text.trim())) return null;
  return kw >= POWER_KW_MIN && kw <= POWER_KW_MAX ? kw : null;
}

/** Every problem of the description at once, each on its field. */
export function descriptionIssues(v: DescriptionValues): DescriptionIssue[] {
  const issues: DescriptionIssue[] = [];
  if (v.vesselType && !isVesselType(v.vesselType)) issues.push({ path: ["vesselType"], message: "validation.chooseFromList" });
  if (v.hullMaterial && !isHullMaterial(v.hullMaterial)) {
    issues.push({ path: ["hullMaterial"], message: "validation.chooseFromList" });
  }
  if (length(v.hullColour) > HULL_COLOUR_MAX) issues.push({ path: ["hullColour"], message: "validation.hullColourMax" });
  if (length(v.homePort) > HOME_PORT_MAX) issues.push({ path: ["homePort"], message: "validation.homePortMax" });
  if (v.engines.length > ENGINES_MAX) issues.push({ path: ["engines"], message: "validation.enginesMax" });
  v.engines.forEach((engine, i) => {
    if (!collapse(engine.make)) issues.push({ path: ["engines", i, "make"], message: "validation.engineMakeRequired" });
    else if (length(engine.make) > ENGINE_TEXT_MAX) {
      issues.push({ path: ["engines", i, "make"], message: "validation.engineTextMax" });
    }
    if (length(engine.model) > ENGINE_TEXT_MAX)
      issues.push({ path: ["engines", i, "model"], message: "validation.engineTextMax" });
    if (parsePowerKw(engine.powerKw) === null) {
      issues.push({ path: ["engines", i, "powerKw"], message: "validation.enginePower" });
    }
  });
  return issues;
}

export const descriptionDefaults: DescriptionValues = {
  vesselType: "",
  hullMaterial: "",
  hullColour: "",
  homePort: "",
  engines: [],
};

/** A vessel's description as the form shows it for editing, the powers in the reader's locale. */
export function descriptionValuesOf(vessel: Described, locale: string): DescriptionValues {
  return {
    vesselType: vessel.vesselType ?? "",
    hullMaterial: vessel.hullMaterial ?? "",
    hullColour: vessel.hullColour ?? "",
    homePort: vessel.homePort ?? "",
    engines: (vessel.engines ?? []).map((engine) => ({
      make: engine.make,
      model: engine.model ?? "",
      powerKw: formatDecimalInput(engine.powerKw, locale),
    })),
  };
}

/** The description as the API takes it: nothing given is null (an empty list for the engines). */
export function toDescription(v: DescriptionValues) {
  const text = (value: string) => collapse(value) || null;
  const engines: Engine[] = v.engines.map((engine) => ({
    make: collapse(engine.make),
    model: text(engine.model),
    powerKw: parsePowerKw(engine.powerKw) ?? 0,
  }));
  return {
    vesselType: isVesselType(v.vesselType) ? v.vesselType : null,
    hullMaterial: isHullMaterial(v.hullMaterial) ? v.hullMaterial : null,
    hullColour: text(v.hullColour),
    homePort: text(v.homePort),
    engines,
  };
}

/** The owner's 'Edit particulars' form: the vessel's name and its description. */
export const particularsSchema = z.object({ name: z.string(), ...descriptionShape }).superRefine((v, ctx) => {
  if (length(v.name) > NAME_MAX) ctx.addIssue({ code: "custom", path: ["name"], message: "validation.nameMax" });
  for (const issue of descriptionIssues(v)) ctx.addIssue({ code: "custom", ...issue });
});

export type ParticularsValues = z.infer<typeof particularsSchema>;

export function particularsValuesOf(vessel: Vessel, locale: string): ParticularsValues {
  return { name: vessel.name ?? "", ...descriptionValuesOf(vessel, locale) };
}

/** Engines compared as the server keeps them (power to one decimal). */
function sameEngines(a: readonly Engine[], b: readonly Engine[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (engine, i) =>
        engine.make === b[i]?.make &&
        (engine.model ?? null) === (b[i]?.model ?? null) &&
        Math.round(engine.powerKw * 10) === Math.round((b[i]?.powerKw ?? Number.NaN) * 10),
    )
  );
}

/**
 * The PATCH body: only what differs from the vessel as it is. A type or material no longer given
 * is sent as null, a text as "" and the engines as []: each removes the particular.
 */
export function particularsChanges(vessel: Vessel, values: ParticularsValues): UpdateVesselRequest {
  const next = toDescription(values);
  const changes: UpdateVesselRequest = {};
  const name = collapse(values.name);
  if (name !== (vessel.name ?? "")) changes.name = name;
  if (next.vesselType !== (vessel.vesselType ?? null)) changes.vesselType = next.vesselType;
  if (next.hullMaterial !== (vessel.hullMaterial ?? null)) changes.hullMaterial = next.hullMaterial;
  if ((next.hullColour ?? "") !== (vessel.hullColour ?? "")) changes.hullColour = next.hullColour ?? "";
  if ((next.homePort ?? "") !== (vessel.homePort ?? "")) changes.homePort = next.homePort ?? "";
  if (!sameEngines(next.engines, vessel.engines)) changes.engines = next.engines;
  return changes;
}

/** The request's fields, which the form's fields are named after (a problem with the engines is the list's). */
export const PARTICULARS_SERVER_FIELDS = ["name", "vesselType", "hullMaterial", "hullColour", "homePort", "engines"] as const;
