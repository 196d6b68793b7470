import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { VesselDetailPage } from "@/features/vessels/components/vessel-detail-page";
import { jsonResponse, mockFetch, renderRoute } from "@/test/render";
import { makeDetail, makeUser } from "@/test/vessels";

function renderDetail(platformId = "7KQ2-M9XD-4HTB") {
  return renderRoute(<VesselDetailPage />, { path: `/registry/${platformId}`, routePath: "/registry/:platformId" });
}

const history = [
  { ownerUserId: null, acquisitionType: "company", acquiredAt: "2020-03-05T09:00:00Z", transferredOutAt: "2023-06-10T12:00:00Z" },
  { ownerUserId: "u-owner", acquisitionType: "private", acquiredAt: "2023-06-10T12:00:00Z", transferredOutAt: null },
];

describe("VesselDetailPage", () => {
  it("shows the vessel, its ownership timeline, tiles and only vessel-level facts to visitors", async () => {
    mockFetch({
      "GET /api/auth/me": jsonResponse(401, { message: "Not signed in", code: "unauthorized" }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(
        200,
        makeDetail(
          { forSale: true },
          history.map((h) => ({ ...h, ownerUserId: null })),
          2,
        ),
      ),
    });
    renderDetail();

    expect(await screen.findByRole("heading", { name: "Sea Breeze", level: 1 })).toBeInTheDocument();
    const breadcrumb = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(breadcrumb).getByRole("link", { name: "Registry" })).toHaveAttribute("href", "/registry");
    expect(screen.getByText("Bavaria Cruiser 34")).toBeInTheDocument();
    expect(screen.getByText("NL-BAV2K4L7C920")).toBeInTheDocument();
    expect(screen.getByText("10.99m")).toBeInTheDocument();
    expect(screen.getByText("For Sale")).toBeInTheDocument();
    expect(screen.getByText("Netherlands (NL)")).toBeInTheDocument();

    expect(screen.getByRole("heading", { name: "Ownership History" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Current Owner" })).toBeInTheDocument();
    expect(screen.getByText("Active since Jun 10, 2023")).toBeInTheDocument();
    expect(screen.getByText("Jun 10, 2023 – Present")).toBeInTheDocument();
    expect(screen.getByText("Private")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Previous Owner" })).toBeInTheDocument();
    expect(screen.getByText("Details anonymized for privacy")).toBeInTheDocument();
    expect(screen.getByText("Mar 5, 2020 – Jun 10, 2023")).toBeInTheDocument();
    expect(screen.getByText("Company")).toBeInTheDocument();

    const verifiedDocs = screen.getByText("Verified Documents").parentElement!;
    expect(verifiedDocs).toHaveTextContent("2");
    expect(screen.getByText("Ownership Transfers").parentElement!).toHaveTextContent("2");
    expect(screen.getByText("Registered").parentElement!).toHaveTextContent("Nov 22, 2026");

    expect(screen.getAllByText("Not shown")).toHaveLength(3);
    expect(screen.getByText("2 documents uploaded")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Complete Your Verification" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Verify Mobile (Coming Soon)" })).not.toBeInTheDocument();
  });

  it("shows the checklist and the owner's own status to the signed-in current owner", async () => {
    mockFetch({
      "GET /api/auth/me": jsonResponse(200, makeUser({ identityVerificationStatus: "pending" })),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail({}, history, 0)),
    });
    renderDetail();

    expect(await screen.findByRole("heading", { name: "Complete Your Verification" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Verify Mobile (Coming Soon)" })).toBeDisabled();
    expect(screen.getByRole("link", { name: "Upload Documents" })).toHaveAttribute(
      "href",
      "/registry/7KQ2-M9XD-4HTB/upload-documents",
    );
    // Email verified only: 25%.
    expect(screen.getByText("Verification 25% complete")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Verification 25% complete" })).toHaveAttribute("aria-valuenow", "25");
    expect(screen.queryByText("Not shown")).not.toBeInTheDocument();
    expect(screen.getAllByText("Pending").length).toBeGreaterThan(0);
    expect(screen.getByText("You")).toBeInTheDocument();
  });

  it("counts 25% for each of email, phone, identity and a document", async () => {
    mockFetch({
      "GET /api/auth/me": jsonResponse(
        200,
        makeUser({ phoneVerifiedAt: "2025-02-01T00:00:00Z", identityVerificationStatus: "verified" }),
      ),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail({}, history, 1)),
    });
    renderDetail();
    expect(await screen.findByText("Verification 100% complete")).toBeInTheDocument();
  });

  it("hides the checklist from a previous owner", async () => {
    mockFetch({
      "GET /api/auth/me": jsonResponse(200, makeUser()),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(
        200,
        makeDetail({}, [
          { ...history[0], ownerUserId: "u-owner" },
          { ...history[1], ownerUserId: null },
        ]),
      ),
    });
    renderDetail();
    expect(await screen.findByRole("heading", { name: "Ownership History" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Complete Your Verification" })).not.toBeInTheDocument();
    expect(screen.getAllByText("Not shown")).toHaveLength(3);
  });

  it("tells the owner of an unpaid vessel that it awaits payment", async () => {
    mockFetch({
      "GET /api/auth/me": jsonResponse(200, makeUser()),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail({ status: "pending_payment" }, [history[1]])),
    });
    renderDetail();
    expect((await screen.findAllByText("Awaiting payment")).length).toBeGreaterThan(0);
    expect(screen.getByText(/not public yet/)).toHaveTextContent("€24.95");
    // No 'Verified' badge for an unpaid vessel: the one 'Verified' left is the owner's email.
    expect(screen.getAllByText("Verified")).toHaveLength(1);
  });

  it("tells the owner of a paid vessel held for review what happened", async () => {
    mockFetch({
      "GET /api/auth/me": jsonResponse(200, makeUser()),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail({ status: "needs_review" }, [history[1]])),
    });
    renderDetail();
    expect((await screen.findAllByText("Under review")).length).toBeGreaterThan(0);
    expect(screen.getByText(/another vessel registered one of this vessel's identifiers/)).toHaveTextContent("refunded");
    expect(screen.getAllByText("Verified")).toHaveLength(1);
  });

  it("shows 'Vessel Not Found' for an unknown or private vessel", async () => {
    mockFetch({
      "GET /api/auth/me": jsonResponse(401, {}),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(404, { message: "Vessel not found", code: "not_found" }),
    });
    renderDetail();
    expect(await screen.findByRole("heading", { name: "Vessel Not Found" })).toBeInTheDocument();
    expect(screen.getByText("The vessel you're looking for doesn't exist or is not publicly visible.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Registry" })).toHaveAttribute("href", "/registry");
    expect(screen.queryByText("This ID has a typo: check the characters and try again.")).not.toBeInTheDocument();
  });

  it("adds a typo hint when the ID fails its check", async () => {
    mockFetch({
      "GET /api/auth/me": jsonResponse(401, {}),
      "GET /api/vessels/7KQ2-M9XD-4HTX": jsonResponse(400, {
        message: "This platform ID has a typo: its check character does not match.",
        code: "invalid_platform_id",
      }),
    });
    renderDetail("7KQ2-M9XD-4HTX");
    expect(await screen.findByRole("heading", { name: "Vessel Not Found" })).toBeInTheDocument();
    expect(screen.getByText("This ID has a typo: check the characters and try again.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Registry" })).toBeInTheDocument();
  });

  it("gives no typo hint for something that is not a platform ID at all", async () => {
    mockFetch({
      "GET /api/auth/me": jsonResponse(401, {}),
      "GET /api/vessels/hello": jsonResponse(400, {
        message: "This is not a platform ID: it has 12 characters of 0-9 and A-Z (without I, L, O and U), like 7KQ2-M9XD-4HTB.",
        code: "invalid_platform_id",
      }),
    });
    renderDetail("hello");
    expect(await screen.findByRole("heading", { name: "Vessel Not Found" })).toBeInTheDocument();
    expect(screen.queryByText("This ID has a typo: check the characters and try again.")).not.toBeInTheDocument();
  });
});
