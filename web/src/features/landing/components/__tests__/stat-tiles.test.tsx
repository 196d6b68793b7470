import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StatTiles } from "@/features/landing/components/stat-tiles";
import { jsonResponse, mockFetch, renderRoute } from "@/test/render";

describe("Landing page figures", () => {
  it("says what the countries tile counts: the registry's European countries, Switzerland among them", async () => {
    mockFetch({
      "GET /api/stats": jsonResponse(200, {
        registeredVessels: 1234,
        countries: 11,
        registrationFeeCents: 2495,
        transferFeeCents: 995,
      }),
    });
    renderRoute(<StatTiles />);
    expect(await screen.findByText("11")).toBeInTheDocument();
    expect(screen.getByText("European Countries")).toBeInTheDocument();
    expect(screen.queryByText(/EU Countries/)).not.toBeInTheDocument();
  });
});
