import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ChainReport, TreeHeadPage } from "@/api/types";
import { HistoryIntegrity } from "@/features/vessels/components/history-integrity";
import { jsonResponse, mockFetch, renderRoute, urlOf } from "@/test/render";

const HEAD = "3f9a2c41d0b7e5a1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e41a09c2";

const CHAIN: ChainReport = {
  valid: true,
  headHash: HEAD,
  firstInvalid: null,
  problem: null,
  events: [
    {
      sequence: 1,
      eventType: "registered",
      ownerRef: "r1",
      occurredAt: "2026-11-22T10:00:00.000Z",
      occurredAtMs: 1795341600000,
      previousHash: "0".repeat(64),
      hash: HEAD,
    },
  ],
};

const HEADS: TreeHeadPage = {
  data: [{ treeSize: 257, rootHash: "96".repeat(32), timestamp: "2026-11-28T12:40:20.974Z", signature: "c2lnbmF0dXJl" }],
  total: 3,
  totalPages: 3,
};

function renderIntegrity(heads: TreeHeadPage | Response) {
  const fetchMock = mockFetch({
    "GET /api/vessels/7KQ2-M9XD-4HTB/history/verify": jsonResponse(200, CHAIN),
    "GET /api/transparency/tree-heads": heads instanceof Response ? heads : jsonResponse(200, heads),
  });
  renderRoute(<HistoryIntegrity platformId="7KQ2-M9XD-4HTB" />);
  return fetchMock;
}

describe("'History integrity verified'", () => {
  it("links to the vessel's inclusion proof in the newest published tree head", async () => {
    const fetchMock = renderIntegrity(HEADS);
    expect(await screen.findByText("History integrity verified")).toBeInTheDocument();
    const link = await screen.findByRole("link", { name: "Inclusion proof in the public log" });
    expect(link).toHaveAttribute("href", "/api/transparency/proof/inclusion?platformId=7KQ2-M9XD-4HTB&treeSize=257");
    expect(screen.getByText(/against the tree head the registry signed on Nov 28, 2026.*of 257 entries/)).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([input]) => urlOf(input)).filter((url) => url.includes("/api/transparency/"));
    expect(asked).toEqual(["/api/transparency/tree-heads?pageSize=1"]);
  });

  it("says a vessel registered after the newest head is not yet in the log, rather than link to a 404", async () => {
    // The vessel's first event (2026-11-22) came after this head was signed.
    renderIntegrity({ ...HEADS, data: [{ ...HEADS.data[0], timestamp: "2026-11-21T00:00:00.000Z" }] });
    expect(await screen.findByText(/^Not yet in the public log/)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Inclusion proof in the public log" })).not.toBeInTheDocument();
  });

  it("says the vessel is not yet in the public log while no head is published, and links nowhere", async () => {
    renderIntegrity({ data: [], total: 0, totalPages: 0 });
    expect(await screen.findByText(/^Not yet in the public log/)).toBeInTheDocument();
    expect(screen.getByText("History integrity verified")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Inclusion proof in the public log" })).not.toBeInTheDocument();
  });

  it("leaves the log out when its heads cannot be had", async () => {
    renderIntegrity(jsonResponse(503, { message: "Busy", code: "busy" }));
    expect(await screen.findByText("History integrity verified")).toBeInTheDocument();
    // The chain's own link is still there; the log's is not, nor a note.
    expect(screen.getByRole("link", { name: "/api/vessels/7KQ2-M9XD-4HTB/history/verify" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Inclusion proof in the public log" })).not.toBeInTheDocument();
    expect(screen.queryByText(/Not yet in the public log/)).not.toBeInTheDocument();
  });
});
