import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { VesselDetailPage } from "@/features/vessels/components/vessel-detail-page";
import { jsonBody, jsonResponse, mockFetch, renderRoute } from "@/test/render";
import { makeTransfer } from "@/test/transfers";
import { COUNTRIES, makeDetail, makeOwnerVerification, makeUser } from "@/test/vessels";

function renderDetail(platformId = "7KQ2-M9XD-4HTB") {
  return renderRoute(<VesselDetailPage />, { path: `/registry/${platformId}`, routePath: "/registry/:platformId" });
}

const history = [
  { ownerUserId: null, acquisitionType: "company", acquiredAt: "2020-03-05T09:00:00Z", transferredOutAt: "2023-06-10T12:00:00Z" },
  { ownerUserId: "u-owner", acquisitionType: "private", acquiredAt: "2023-06-10T12:00:00Z", transferredOutAt: null },
];

describe("VesselDetailPage", () => {
  it("shows visitors the vessel, its ownership timeline, tiles and the owner's verification from the server", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(
        200,
        makeDetail(
          { forSale: true, verifiedDocumentsCount: 2 },
          history.map((h) => ({ ...h, ownerUserId: null })),
          2,
          makeOwnerVerification({ email: true, phone: true, identity: "pending", documents: true }),
        ),
      ),
    });
    renderDetail();

    expect(await screen.findByRole("heading", { name: "Sea Breeze", level: 1 })).toBeInTheDocument();
    const breadcrumb = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(breadcrumb).getByRole("link", { name: "Registry" })).toHaveAttribute("href", "/registry");
    expect(screen.getByText("Bavaria Cruiser 34")).toBeInTheDocument();
    expect(screen.getByText("NL-BAV2K4L7C920")).toBeInTheDocument();
    expect(screen.getByText("10.99 m")).toBeInTheDocument();
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
    // Two owners, one transfer between them.
    expect(screen.getByText("Ownership Transfers").parentElement!).toHaveTextContent("1");
    const summary = screen.getByRole("region", { name: "Summary" });
    expect(within(summary).getByText("Registered").parentElement!).toHaveTextContent("Nov 22, 2026");

    // The current owner's verification as the server counts it: everything but the identity.
    expect(screen.queryByText("Not shown")).not.toBeInTheDocument();
    expect(
      screen.getByText("The current owner's verification: email, mobile number, identity and ownership documents."),
    ).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Verification 75% complete" })).toHaveAttribute("aria-valuenow", "75");
    expect(screen.getByText("Pending")).toBeInTheDocument();
    expect(screen.getByText("2 verified documents")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Complete Your Verification" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Verify Mobile" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Transfer Ownership/ })).not.toBeInTheDocument();
  });

  it("shows the checklist and the owner's own status to the signed-in current owner", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser({ identityVerificationStatus: "pending" }) }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(
        200,
        makeDetail({}, history, 0, makeOwnerVerification({ identity: "pending" })),
      ),
    });
    renderDetail();

    expect(await screen.findByRole("heading", { name: "Complete Your Verification" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Verify Mobile" })).toBeEnabled();
    expect(screen.getByRole("link", { name: /Transfer Ownership/ })).toHaveAttribute("href", "/transfer/v-1");
    // The checklist's and the Documents section's: two parts whose code arrives each on its own.
    await waitFor(() => expect(screen.getAllByRole("link", { name: "Upload Documents" })).toHaveLength(2));
    const uploadLinks = screen.getAllByRole("link", { name: "Upload Documents" });
    for (const link of uploadLinks) expect(link).toHaveAttribute("href", "/registry/7KQ2-M9XD-4HTB/upload-documents");
    // Email verified only: 25%.
    expect(screen.getByText("Verification 25% complete")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Verification 25% complete" })).toHaveAttribute("aria-valuenow", "25");
    expect(screen.queryByText("Not shown")).not.toBeInTheDocument();
    expect(screen.getByText("Pending")).toBeInTheDocument();
    // A check under way: no button to start another.
    expect(screen.getByText("Verification in progress")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Verify Identity/ })).not.toBeInTheDocument();
    expect(screen.getByText("You")).toBeInTheDocument();
  });

  it("shows the completeness the server counts (25% for each of email, phone, identity and documents)", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, {
        user: makeUser({ phoneVerifiedAt: "2025-02-01T00:00:00Z", identityVerificationStatus: "verified" }),
      }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(
        200,
        makeDetail(
          { verified: true, verifiedDocumentsCount: 1 },
          history,
          1,
          makeOwnerVerification({ phone: true, identity: "verified", documents: true }),
        ),
      ),
    });
    renderDetail();
    expect(await screen.findByRole("progressbar", { name: "Verification 100% complete" })).toHaveAttribute(
      "aria-valuenow",
      "100",
    );
    // The header's badge: the server says the vessel is verified.
    const header = screen.getByRole("heading", { name: "Sea Breeze", level: 1 }).closest("div")!.parentElement!;
    expect(within(header).getByText("Verified")).toHaveAccessibleDescription(/^Verified: the owner has verified/);
    expect(within(header).queryByText("Registered")).not.toBeInTheDocument();
  });

  it("says 'Registered' in the header of an active vessel the server does not call verified", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail({ verified: false })),
    });
    renderDetail();
    const header = (await screen.findByRole("heading", { name: "Sea Breeze", level: 1 })).closest("div")!.parentElement!;
    expect(within(header).getByText("Registered")).toHaveAccessibleDescription(
      "Registered: the vessel is registered; its owner has not completed every verification yet.",
    );
    expect(within(header).queryByText("Verified")).not.toBeInTheDocument();
  });

  it("shows no 'For Sale' while the ownership is being transferred, and only the known make", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(
        200,
        makeDetail({ status: "in_transfer", forSale: true, publicVisibility: true, make: "Jeanneau", model: "unknown" }, history),
      ),
    });
    renderDetail();
    const header = (await screen.findByRole("heading", { name: "Sea Breeze", level: 1 })).closest("div")!.parentElement!;
    expect(within(header).getByText("Ownership being transferred")).toBeInTheDocument();
    expect(within(header).queryByText("For Sale")).not.toBeInTheDocument();
    expect(within(header).getByText("Jeanneau")).toBeInTheDocument();
    expect(within(header).queryByText(/Unknown/)).not.toBeInTheDocument();
  });

  it("shows 'Not shown' and no completeness when the vessel has no current owner", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(
        200,
        makeDetail({ status: "in_transfer" }, [{ ...history[1], ownerUserId: null, transferredOutAt: "2026-11-23T11:00:00Z" }]),
      ),
    });
    renderDetail();
    expect(
      await screen.findByText("This vessel has no current owner, so there is no owner verification to show."),
    ).toBeInTheDocument();
    expect(screen.getAllByText("Not shown")).toHaveLength(3);
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
  });

  it("hides the checklist from a previous owner", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
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
    expect(screen.queryByRole("button", { name: /Verify Identity/ })).not.toBeInTheDocument();
  });

  it("tells the owner of an unpaid vessel that it awaits payment", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail({ status: "pending_payment" }, [history[1]])),
    });
    renderDetail();
    expect((await screen.findAllByText("Awaiting payment")).length).toBeGreaterThan(0);
    // Never transferred: no transfer counted for its one owner.
    expect(screen.getByText("Ownership Transfers").parentElement!).toHaveTextContent("0");
    expect(screen.getByText(/not public yet/)).toHaveTextContent("€24.95");
    // The owner's checklist comes with its own code; its email line holds the one 'Verified'.
    await screen.findByRole("heading", { name: "Complete Your Verification" });
    // No 'Verified' badge for an unpaid vessel.
    expect(screen.getAllByText("Verified")).toHaveLength(1);
  });

  it("tells the owner of a paid vessel held for review what happened", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail({ status: "needs_review" }, [history[1]])),
    });
    renderDetail();
    expect((await screen.findAllByText("Under review")).length).toBeGreaterThan(0);
    expect(screen.getByText(/another vessel registered one of this vessel's identifiers/)).toHaveTextContent("refunded");
    // The owner's checklist comes with its own code; its email line holds the one 'Verified'.
    await screen.findByRole("heading", { name: "Complete Your Verification" });
    expect(screen.getAllByText("Verified")).toHaveLength(1);
  });

  it("tells the owner of a refunded vessel why it left the registry, and offers no uploads or new record entries", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(
        200,
        makeDetail({ status: "deactivated", deactivationReason: "refunded", deactivationNote: "Registered by mistake" }, [
          history[1],
        ]),
      ),
      "GET /api/vessels/7KQ2-M9XD-4HTB/documents": jsonResponse(200, []),
      "GET /api/vessels/7KQ2-M9XD-4HTB/documents/previous-owners": jsonResponse(200, []),
      "GET /api/vessels/7KQ2-M9XD-4HTB/record": jsonResponse(200, {
        entries: [],
        latestValuationCents: null,
        totalSpentCents: 0,
      }),
    });
    renderDetail();
    expect(await screen.findByText("This vessel is no longer registered")).toBeInTheDocument();
    expect(screen.getByText("Its registration fee was refunded, so it left the registry.")).toBeInTheDocument();
    expect(screen.getByText("The registry's reason: Registered by mistake")).toBeInTheDocument();
    await screen.findByRole("heading", { name: /Documents/ });
    await screen.findByText("Total spent");
    expect(screen.queryByRole("link", { name: "Upload Documents" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add entry" })).not.toBeInTheDocument();
  });

  it("shows 'Vessel Not Found' for an unknown or private vessel", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
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
      "GET /api/auth/session": jsonResponse(200, { user: null }),
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
      "GET /api/auth/session": jsonResponse(200, { user: null }),
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

describe("VesselDetailPage: mobile verification", () => {
  it("'Verify Mobile' sends a code to the owner's number, verifies it and shows the number verified", async () => {
    let user = makeUser();
    let ownerVerification = makeOwnerVerification();
    const verified: unknown[] = [];
    const fetchMock = mockFetch({
      "GET /api/auth/session": () => jsonResponse(200, { user }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": () => jsonResponse(200, makeDetail({}, history, 0, ownerVerification)),
      "GET /api/config/countries": jsonResponse(200, COUNTRIES),
      "POST /api/profile/phone/send-code": jsonResponse(202, { message: "We have sent a code to your mobile number." }),
      "POST /api/profile/phone/verify": (_url, init) => {
        verified.push(jsonBody(init));
        user = { ...user, phoneVerifiedAt: "2026-11-23T10:00:00Z" };
        ownerVerification = makeOwnerVerification({ phone: true });
        return jsonResponse(200, { ...user, claimedVessels: [] });
      },
    });
    renderRoute(<VesselDetailPage />, { path: "/registry/7KQ2-M9XD-4HTB", routePath: "/registry/:platformId", toaster: true });

    await userEvent.click(await screen.findByRole("button", { name: "Verify Mobile" }));
    const dialog = await screen.findByRole("dialog", { name: "Verify your mobile number" });
    // The form's code is fetched when the dialog opens.
    expect(await within(dialog).findByText("+31612345678")).toBeInTheDocument();
    expect(within(dialog).getByText("Not verified")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Send code" }));

    const code = await within(dialog).findByRole("group", { name: "SMS code" });
    expect(within(dialog).getByRole("button", { name: /Resend code in \d+ s/ })).toBeDisabled();
    const verify = within(dialog).getByRole("button", { name: "Verify" });
    expect(verify).toBeDisabled();
    await userEvent.click(within(code).getByRole("textbox", { name: "Digit 1 of 6" }));
    await userEvent.keyboard("123456");
    await userEvent.click(verify);

    expect(verified).toEqual([{ otp: "123456" }]);
    await screen.findByText("Verification 50% complete");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Verify Mobile" })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/profile/phone/send-code")).toBe(true);
  });
});

describe("VesselDetailPage: transfers and history", () => {
  const transfer = makeTransfer();

  it("shows visitors 'Ownership being transferred' for a vessel in transfer", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(
        200,
        makeDetail(
          { status: "in_transfer" },
          history.map((h) => ({ ...h, ownerUserId: null })),
        ),
      ),
    });
    renderDetail();
    expect((await screen.findAllByText("Ownership being transferred")).length).toBeGreaterThan(0);
    expect(screen.getByText("A change of ownership of this vessel is under way.")).toBeInTheDocument();
  });

  it("says a paid vessel without an owner waits for its new owner's claim", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(
        200,
        makeDetail({ status: "in_transfer" }, [{ ...history[1], ownerUserId: null, transferredOutAt: "2026-11-23T11:00:00Z" }]),
      ),
    });
    renderDetail();
    expect(
      await screen.findByText("The transfer is paid: the vessel is waiting for its new owner to claim it."),
    ).toBeInTheDocument();
  });

  it("shows the owner their open transfer, with Continue and a confirmed Cancel", async () => {
    let vesselStatus = "in_transfer";
    let transfers: unknown[] = [transfer];
    const canceled: string[] = [];
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": () => jsonResponse(200, makeDetail({ status: vesselStatus as "in_transfer" }, history)),
      "GET /api/transfers": () => jsonResponse(200, transfers),
      [`POST /api/transfers/${transfer.id}/cancel`]: (url) => {
        canceled.push(url);
        vesselStatus = "active";
        transfers = [{ ...transfer, status: "canceled", canceledAt: "2026-11-23T10:05:00Z" }];
        return jsonResponse(200, transfers[0]);
      },
    });
    renderRoute(<VesselDetailPage />, { path: "/registry/7KQ2-M9XD-4HTB", routePath: "/registry/:platformId", toaster: true });

    const panel = await screen.findByRole("region", { name: "Transfer in progress" });
    expect(within(panel).getByText("Waiting for the code the new owner received by SMS")).toBeInTheDocument();
    expect(within(panel).getByText("+31 6•••••678")).toBeInTheDocument();
    expect(within(panel).getByRole("link", { name: /Continue/ })).toHaveAttribute("href", "/transfer/v-1");

    await userEvent.click(within(panel).getByRole("button", { name: "Cancel transfer" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Cancel this transfer?" });
    expect(dialog).toHaveTextContent("+31 6•••••678");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel transfer" }));

    expect((await screen.findAllByText("Transfer Canceled")).length).toBeGreaterThan(0);
    expect(canceled).toHaveLength(1);
    await screen.findByRole("link", { name: /Transfer Ownership/ });
    expect(screen.queryByRole("region", { name: "Transfer in progress" })).not.toBeInTheDocument();
  });

  it("shows 'History integrity verified' with the head hash, shortened, and its full value on hover", async () => {
    const head = "3f9a2c41d0b7e5a1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e41a09c2";
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail()),
      "GET /api/vessels/7KQ2-M9XD-4HTB/history/verify": jsonResponse(200, {
        valid: true,
        headHash: head,
        firstInvalid: null,
        events: [
          {
            sequence: 1,
            eventType: "registered",
            ownerRef: "r1",
            occurredAt: "2026-11-22T10:00:00.000Z",
            occurredAtMs: 1795341600000,
            previousHash: "0".repeat(64),
            hash: head,
          },
        ],
      }),
    });
    renderDetail();
    expect(await screen.findByText("History integrity verified")).toBeInTheDocument();
    const hash = screen.getByText("3f9a2c41d0b7…e41a09c2", { selector: "code" });
    expect(hash).toHaveAttribute("title", head);
    expect(screen.getByRole("button", { name: "Copy the full hash" })).toBeInTheDocument();
    expect(screen.getByText("1 event in the chain")).toBeInTheDocument();
  });

  it("warns clearly when the history does not recompute", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail()),
      "GET /api/vessels/7KQ2-M9XD-4HTB/history/verify": jsonResponse(200, {
        valid: false,
        headHash: "ab".repeat(32),
        firstInvalid: 2,
        problem: "Event 2 does not recompute: its hash differs from the one stored.",
        events: [],
      }),
    });
    renderDetail();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Warning: the ownership history does not match its hash chain");
    expect(alert).toHaveTextContent("The chain breaks at event 2");
    expect(alert).toHaveTextContent("Event 2 does not recompute: its hash differs from the one stored.");
    expect(screen.queryByText("History integrity verified")).not.toBeInTheDocument();
  });
});
