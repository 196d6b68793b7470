/**
 * A public vessel's platform ID and name ("" when it has none) as the server wrote them into its
 * page (server/src/public_pages.rs, `vessel_page`): the page shows them at once, before the app
 * and the vessel's data have arrived, and the app hydrates that HTML while the data load. The
 * server writes them twice: into the HTML, in place of SLOTS, and as JSON in a `<script
 * type="application/json" id="vessel-preview">`, which the app reads here before it hydrates.
 */
export type VesselPreview = { platformId: string; name: string };

/** What the build writes (app/prerender.tsx) and the server replaces; the server names the same strings. */
export const PREVIEW_SLOTS: VesselPreview = { platformId: "__VESSEL_PLATFORM_ID__", name: "__VESSEL_NAME__" };

function read(): VesselPreview | null {
  if (typeof document === "undefined") return null;
  try {
    const value: unknown = JSON.parse(document.getElementById("vessel-preview")?.textContent ?? "null");
    if (typeof value !== "object" || value == null) return null;
    const { platformId, name } = value as Record<string, unknown>;
    return typeof platformId === "string" && typeof name === "string" ? { platformId, name } : null;
  } catch {
    return null;
  }
}

let written = read();
let prerendering = false;

/** The preview of the vessel at `platformId` (as the route spells it), if its page came with one. */
export function writtenPreview(platformId: string): VesselPreview | null {
  if (prerendering) return written;
  return written?.platformId === platformId ? written : null;
}

/**
 * The vessel's data have come: the preview was for the page as first loaded, and a later visit in
 * the same tab (after a rename, say) must not show it again.
 */
export function forgetPreview() {
  if (!prerendering) written = null;
}

/** The build's prerender: the vessel page is written with SLOTS in place (null: without a preview). */
export function prerenderWithPreview(slots: VesselPreview | null) {
  written = slots;
  prerendering = slots != null;
}
