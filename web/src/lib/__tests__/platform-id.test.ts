import { describe, expect, it } from "vitest";

import { hasPlatformIdTypo, isWellFormedPlatformId, normalPlatformId, platformIdCorrections } from "../platform-id";

describe("isWellFormedPlatformId", () => {
  it("accepts twelve base32 characters in any case, with or without hyphens", () => {
    expect(isWellFormedPlatformId("7KQ2-M9XD-4HTB")).toBe(true);
    expect(isWellFormedPlatformId("7kq2m9xd4htb")).toBe(true);
    expect(isWellFormedPlatformId(" 7kq2 m9xd 4htb ")).toBe(true);
    expect(isWellFormedPlatformId("OKQ2-M9XD-4HTI")).toBe(true);
  });

  it("refuses other lengths and characters outside the alphabet", () => {
    expect(isWellFormedPlatformId("7KQ2-M9XD-4HT")).toBe(false);
    expect(isWellFormedPlatformId("7KQ2-M9XD-4HTBB")).toBe(false);
    expect(isWellFormedPlatformId("7KQ2-M9XD-4HTU")).toBe(false);
    expect(isWellFormedPlatformId("hello")).toBe(false);
  });
});

describe("the check character (docs/PLATFORM-ID.md's worked example)", () => {
  it("matches in a registered ID, written any accepted way", () => {
    expect(hasPlatformIdTypo("7KQ2-M9XD-4HTB")).toBe(false);
    expect(hasPlatformIdTypo(" 7kq2 m9xd 4htb ")).toBe(false);
    expect(normalPlatformId("7kq2m9xd4htb")).toBe("7KQ2-M9XD-4HTB");
  });

  it("fails on a swap of two neighbours and on one wrong character", () => {
    expect(hasPlatformIdTypo("7KQ2-M9XD-4THB")).toBe(true);
    expect(hasPlatformIdTypo("7KQ2-M9XD-4HT8")).toBe(true);
    // Not an ID at all: no typo to speak of.
    expect(hasPlatformIdTypo("Sea Breeze")).toBe(false);
  });

  it("offers the IDs a typo most likely was, a swap first, each valid and one change away", () => {
    expect(platformIdCorrections("7KQ2-M9XD-4THB")[0]).toBe("7KQ2-M9XD-4HTB");
    const corrections = platformIdCorrections("7KQ2-M9XD-4HT8");
    expect(corrections).toContain("7KQ2-M9XD-4HTB");
    for (const id of corrections) {
      expect(hasPlatformIdTypo(id)).toBe(false);
      const compact = id.replace(/-/g, "");
      const changed = Array.from({ length: 12 }, (_, i) => i).filter((i) => compact[i] !== "7KQ2M9XD4HT8"[i]).length;
      expect(changed).toBeLessThanOrEqual(2);
    }
    expect(platformIdCorrections("7KQ2-M9XD-4HTB")).toEqual([]);
  });
});
