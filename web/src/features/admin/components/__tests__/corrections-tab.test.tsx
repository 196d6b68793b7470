import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { CorrectionRequest } from "@/api/types";
import { AdminPage } from "@/features/admin/routes";
import { ADMIN_STATS } from "@/test/admin";
import { jsonBody, jsonResponse, mockFetch, renderRoute, urlOf } from "@/test/render";
import { makeCorrectionRequest, makeUser } from "@/test/vessels";

const length = makeCorrectionRequest({
  id: "req-1",
  field: "lengthCm",
  currentValue: "1099",
  value: "1120",
  reason: "Measured again at the yard.",
  requestedByEmail: "owner@registry.test",
});
const brandmerk = makeCorrectionRequest({
  id: "req-2",
  platformId: "9PLM-2WQX-77KD",
  vesselName: null,
  field: "identifiers.brandmerk",
  currentValue: null,
  value: "BM-4321",
  reason: "The Kadaster's letter shows the right mark.",
  requestedByEmail: "seller@example.nl",
});

type Routes = Parameters<typeof mockFetch>[0];

/** The console on the correction requests tab; the list answers `lists[status]` (read again after each decision). */
function setup(lists: Partial<Record<string, CorrectionRequest[]>>, routes: Routes = {}) {
  const fetchMock = mockFetch({
    "GET /api/auth/session": jsonResponse(200, { user: makeUser({ id: "u-admin", role: "admin" }) }),
    "GET /api/admin/stats": jsonResponse(200, ADMIN_STATS),
    "GET /api/admin/correction-requests": (url) =>
      jsonResponse(200, lists[new URL(url, "http://localhost").searchParams.get("status") ?? ""] ?? []),
    ...routes,
  });
  renderRoute(<AdminPage />, { path: "/admin?tab=corrections", routePath: "/admin", toaster: true });
  return fetchMock;
}

const listCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(urlOf(input), "http://localhost"))
    .filter((url) => url.pathname === "/api/admin/correction-requests");

async function seeToast(text: string | RegExp) {
  expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
}

describe("Admin console: correction requests", () => {
  it("lists the pending queue with the vessel, the particular, the registered and the asked-for value, the reason and who asked", async () => {
    const fetchMock = setup({ pending: [length, brandmerk] });
    expect(await screen.findByRole("tab", { name: "Correction requests", selected: true })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Correction requests" });
    expect(listCalls(fetchMock)[0]?.searchParams.get("status")).toBe("pending");
    expect(screen.getByLabelText("Status")).toHaveValue("pending");

    const [first, second] = within(table).getAllByRole("row").slice(1);
    expect(within(first).getByRole("link", { name: "7KQ2-M9XD-4HTB" })).toHaveAttribute("href", "/registry/7KQ2-M9XD-4HTB");
    expect(first).toHaveTextContent("Sea Breeze");
    expect(within(first).getByRole("cell", { name: "Length" })).toBeInTheDocument();
    expect(first).toHaveTextContent(/10\.99\sm → 11\.20\sm/);
    expect(first).toHaveTextContent("Measured again at the yard.");
    expect(first).toHaveTextContent("owner@registry.test");
    expect(first).toHaveTextContent("Nov 24, 2026");
    expect(within(first).getByText("Pending")).toBeInTheDocument();

    expect(second).toHaveTextContent("Unnamed vessel");
    expect(within(second).getByRole("cell", { name: "Brandmerk (Kadaster)" })).toBeInTheDocument();
    expect(second).toHaveTextContent("none → BM-4321");
    expect(second).toHaveTextContent("seller@example.nl");
  });

  it("approves with an optional note, then reads the queue again", async () => {
    const user = userEvent.setup();
    const lists: Record<string, CorrectionRequest[]> = { pending: [length] };
    const posted: unknown[] = [];
    const fetchMock = setup(lists, {
      "POST /api/admin/correction-requests/req-1/approve": (_url, init) => {
        posted.push(jsonBody(init));
        lists.pending = [];
        return jsonResponse(200, { ...length, status: "approved", decidedAt: "2026-11-25T10:00:00Z", currentValue: "1120" });
      },
    });
    const table = await screen.findByRole("table", { name: "Correction requests" });
    await user.click(within(table).getByRole("button", { name: "Approve Length for 7KQ2-M9XD-4HTB" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve this correction?" });
    expect(dialog).toHaveTextContent(/Length of 7KQ2-M9XD-4HTB is corrected from 10\.99\sm to 11\.20\sm\./);
    // Without a note.
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));

    await seeToast("Correction approved");
    expect(posted).toEqual([{ note: null }]);
    expect(await screen.findByText("No correction requests are waiting.")).toBeInTheDocument();
    expect(listCalls(fetchMock).length).toBeGreaterThan(1);
  });

  it("rejects only with a note for the owner", async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    setup(
      { pending: [length] },
      {
        "POST /api/admin/correction-requests/req-1/reject": (_url, init) => {
          posted.push(jsonBody(init));
          return jsonResponse(200, { ...length, status: "rejected", decisionNote: "The survey shows 10.99 m." });
        },
      },
    );
    const table = await screen.findByRole("table", { name: "Correction requests" });
    await user.click(within(table).getByRole("button", { name: "Reject Length for 7KQ2-M9XD-4HTB" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject this correction?" });
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText("Write a note for the owner")).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await user.type(within(dialog).getByLabelText("Note for the owner"), "  The survey shows 10.99 m.  ");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    await seeToast("Correction rejected");
    expect(posted).toEqual([{ note: "The survey shows 10.99 m." }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const user = userEvent.setup();
    setup(
      { pending: [brandmerk] },
      {
        "POST /api/admin/correction-requests/req-2/approve": jsonResponse(409, {
          message: "This request has already been decided.",
          code: "conflict",
          messageCode: "correction_request_decided",
        }),
      },
    );
    const table = await screen.findByRole("table", { name: "Correction requests" });
    await user.click(within(table).getByRole("button", { name: "Approve Brandmerk (Kadaster) for 9PLM-2WQX-77KD" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve this correction?" });
    await user.type(within(dialog).getByLabelText("Note for the owner (optional)"), "Checked.");
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This request has already been decided.");
  });

  it("says why a value no longer fits the vessel", async () => {
    const user = userEvent.setup();
    setup(
      { pending: [length] },
      {
        "POST /api/admin/correction-requests/req-1/approve": jsonResponse(422, {
          message: "Some fields are invalid.",
          code: "validation_failed",
          messageCode: "validation_failed",
          fields: { value: ["Enter a whole number."] },
        }),
      },
    );
    const table = await screen.findByRole("table", { name: "Correction requests" });
    await user.click(within(table).getByRole("button", { name: "Approve Length for 7KQ2-M9XD-4HTB" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve this correction?" });
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Enter a whole number.");
  });

  it("shows decided requests by status, with the note and no buttons", async () => {
    const user = userEvent.setup();
    const fetchMock = setup({
      pending: [],
      rejected: [{ ...length, status: "rejected", decisionNote: "The survey shows 10.99 m.", decidedAt: "2026-11-25T10:00:00Z" }],
    });
    expect(await screen.findByText("No correction requests are waiting.")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Status"), "Rejected");
    const table = await screen.findByRole("table", { name: "Correction requests" });
    expect(listCalls(fetchMock).at(-1)?.searchParams.get("status")).toBe("rejected");
    const row = within(table).getAllByRole("row")[1];
    expect(within(row).getByText("Rejected")).toBeInTheDocument();
    expect(row).toHaveTextContent("The survey shows 10.99 m.");
    expect(within(row).queryByRole("button")).not.toBeInTheDocument();
  });
});
