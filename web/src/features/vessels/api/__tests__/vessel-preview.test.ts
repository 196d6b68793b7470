import { afterEach, describe, expect, it, vi } from "vitest";

/** The module as the app loads it in a page whose HTML holds `island` (read once, at load). */
async function loadedWith(island: string | null) {
  document.getElementById("vessel-preview")?.remove();
  if (island != null) {
    const script = document.createElement("script");
    script.type = "application/json";
    script.id = "vessel-preview";
    script.textContent = island;
    document.head.append(script);
  }
  vi.resetModules();
  return import("@/features/vessels/api/vessel-preview");
}

describe("the vessel preview the server wrote into the page", () => {
  afterEach(() => document.getElementById("vessel-preview")?.remove());

  it("is the preview of the path it names, and of no other", async () => {
    const { writtenPreview } = await loadedWith('{"name":"Zeemeeuw","platformId":"7KQ2-M9XD-4HTB"}');
    expect(writtenPreview("7KQ2-M9XD-4HTB")).toEqual({ platformId: "7KQ2-M9XD-4HTB", name: "Zeemeeuw" });
    expect(writtenPreview("7kq2-m9xd-4htb")).toBeNull();
    expect(writtenPreview("H3LP-7C2W-9QXA")).toBeNull();
  });

  it("is forgotten once the vessel's data have come", async () => {
    const { forgetPreview, writtenPreview } = await loadedWith('{"name":"Zeemeeuw","platformId":"7KQ2-M9XD-4HTB"}');
    forgetPreview();
    expect(writtenPreview("7KQ2-M9XD-4HTB")).toBeNull();
  });

  it("keeps an unnamed vessel's empty name", async () => {
    const { writtenPreview } = await loadedWith('{"name":"","platformId":"7KQ2-M9XD-4HTB"}');
    expect(writtenPreview("7KQ2-M9XD-4HTB")).toEqual({ platformId: "7KQ2-M9XD-4HTB", name: "" });
  });

  it("is nothing when the page has none, or one the app cannot read", async () => {
    for (const island of [null, "", "{", "[]", '{"name":3,"platformId":"7KQ2-M9XD-4HTB"}', '{"name":"x"}']) {
      const { writtenPreview } = await loadedWith(island);
      expect(writtenPreview("7KQ2-M9XD-4HTB"), String(island)).toBeNull();
    }
  });

  it("in the build's prerender, is the slots whatever the path", async () => {
    const { PREVIEW_SLOTS, prerenderWithPreview, writtenPreview } = await loadedWith(null);
    prerenderWithPreview(PREVIEW_SLOTS);
    expect(writtenPreview("_")).toEqual(PREVIEW_SLOTS);
    prerenderWithPreview(null);
    expect(writtenPreview("_")).toBeNull();
  });
});
