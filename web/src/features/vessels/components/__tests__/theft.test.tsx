import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TheftActions } from "@/features/vessels/components/theft-actions";
import { VesselDetailPage } from "@/features/vessels/components/vessel-detail-page";
import { theftReportSchema } from "@/features/vessels/schemas/theft-report";
import { jsonBody, jsonResponse, mockFetch, renderRoute } from "@/test/render";
import { makeDetail, makeUser, makeVessel } from "@/test/vessels";

const stolen = {
  reportedAt: "2026-11-21T08:00:00Z",
  stolenAt: "2026-11-20T00:00:00Z",
  place: "Jachthaven Muiden",
  status: "reported" as const,
};

const ownHistory = [
  { ownerUserId: "u-owner", acquisitionType: "private", acquiredAt: "2023-06-10T12:00:00Z", transferredOutAt: null },
];

describe("a vessel reported stolen", () => {
  it("tells visitors plainly, with when and where, not to buy it", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail({ stolen })),
    });
    renderRoute(<VesselDetailPage />, { path: "/registry/7KQ2-M9XD-4HTB", routePath: "/registry/:platformId" });
    const notice = await screen.findByTestId("stolen-notice");
    expect(within(notice).getByText("Reported stolen")).toBeInTheDocument();
    expect(notice).toHaveTextContent("Jachthaven Muiden");
    expect(notice).toHaveTextContent("Do not buy this vessel or pay for it.");
    expect(notice).toHaveTextContent("not yet checked the police reference");
  });

  it("offers its owner 'Mark recovered' instead of a transfer or a certificate", async () => {
    const user = userEvent.setup();
    let recovered = 0;
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail({ stolen }, ownHistory)),
      "POST /api/vessels/v-1/recovered": () => {
        recovered += 1;
        return jsonResponse(200, { id: "r-1", status: "recovered" });
      },
    });
    renderRoute(<VesselDetailPage />, { path: "/registry/7KQ2-M9XD-4HTB", routePath: "/registry/:platformId", toaster: true });
    await user.click(await screen.findByRole("button", { name: "Mark recovered" }));
    expect((await screen.findAllByText("Marked recovered")).length).toBeGreaterThan(0);
    expect(recovered).toBe(1);
    expect(screen.queryByRole("link", { name: /Transfer Ownership/ })).not.toBeInTheDocument();
  });

  it("is reported by its owner with the date, place and police reference, checked first", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    mockFetch({
      "POST /api/vessels/v-1/stolen": (_url, init) => {
        sent.push(jsonBody(init));
        return jsonResponse(201, { id: "r-1", status: "reported" });
      },
    });
    renderRoute(<TheftActions vessel={makeVessel()} />, { toaster: true });
    await user.click(screen.getByRole("button", { name: "Report stolen" }));
    const dialog = screen.getByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Report stolen" }));
    expect(await within(dialog).findByText("Enter the date it was stolen.")).toBeInTheDocument();
    expect(within(dialog).getByText("Enter the police report's reference.")).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.type(within(dialog).getByLabelText("Date stolen"), "2026-11-20");
    await user.type(within(dialog).getByLabelText("Where"), "  Jachthaven   Muiden ");
    await user.type(within(dialog).getByLabelText("Police report reference"), "PL0900-2026112001");
    await user.click(within(dialog).getByRole("button", { name: "Report stolen" }));
    expect((await screen.findAllByText("Theft reported")).length).toBeGreaterThan(0);
    expect(sent).toEqual([{ stolenAt: "2026-11-20", place: "Jachthaven Muiden", policeReference: "PL0900-2026112001" }]);
  });
});

describe("theftReportSchema", () => {
  it("refuses a date in the future and over-long fields", () => {
    const base = { stolenAt: "2026-11-20", place: "Muiden", policeReference: "PL1", description: "" };
    expect(theftReportSchema.safeParse(base).success).toBe(true);
    const future = theftReportSchema.safeParse({ ...base, stolenAt: "2999-01-01" });
    expect(future.success ? [] : future.error.issues.map((i) => i.message)).toEqual(["validation.stolenAtFuture"]);
    const long = theftReportSchema.safeParse({ ...base, place: "x".repeat(121), policeReference: "y".repeat(61) });
    expect(long.success ? [] : long.error.issues.map((i) => i.message)).toEqual([
      "validation.theftPlaceMax",
      "validation.policeReferenceMax",
    ]);
  });
});
