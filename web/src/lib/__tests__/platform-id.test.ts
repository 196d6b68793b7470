import { describe, expect, it } from "vitest";

import { isWellFormedPlatformId } from "../platform-id";

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
