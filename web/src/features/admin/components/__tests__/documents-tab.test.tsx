import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AdminPage } from "@/features/admin/routes";
import { ADMIN_STATS, makeAdminDocument, pageOf } from "@/test/admin";
import { jsonBody, jsonResponse, mockFetch, renderRoute, urlOf } from "@/test/render";
import { makeUser } from "@/test/vessels";

const pdf = makeAdminDocument();
const photo = makeAdminDocument({
  id: "doc-2",
  documentType: "custom",
  customType: "Hull survey photo",
  fileName: "hull.png",
  contentType: "image/png",
  sizeBytes: 1536,
  previousOwner: true,
  uploadedByEmail: "seller@example.nl",
});

function setup(routes: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    "GET /api/auth/session": jsonResponse(200, { user: makeUser({ role: "admin" }) }),
    "GET /api/admin/stats": jsonResponse(200, ADMIN_STATS),
    "GET /api/admin/documents": jsonResponse(200, pageOf([pdf, photo])),
    ...routes,
  });
  renderRoute(<AdminPage />, { path: "/admin?tab=documents", routePath: "/admin", toaster: true });
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");

describe("Admin console: documents review", () => {
  it("lists the pending queue with type (or custom name), file, size and upload date", async () => {
    const fetchMock = setup();
    const table = await screen.findByRole("table", { name: "Documents" });
    const first = new URL(urlOf(fetchMock.mock.calls.find(([u]) => urlOf(u).startsWith("/api/admin/documents"))![0]), "http://x");
    expect(first.searchParams.get("status")).toBe("pending");
    expect(screen.getByLabelText("Status")).toHaveValue("pending");

    const rows = within(table).getAllByRole("row").slice(1);
    expect(within(rows[0]).getByText("Invoice / Receipt")).toBeInTheDocument();
    expect(within(rows[0]).getByText("invoice.pdf")).toBeInTheDocument();
    expect(within(rows[0]).getByText("2 KB")).toBeInTheDocument();
    expect(within(rows[0]).getByText("Sea Breeze")).toBeInTheDocument();
    expect(within(rows[1]).getByText("Hull survey photo")).toBeInTheDocument();
    expect(within(rows[1]).getByText("1.5 KB")).toBeInTheDocument();
    // Who uploaded each, and in whose ownership period.
    expect(within(rows[0]).getByText("owner@registry.test")).toBeInTheDocument();
    expect(within(rows[0]).getByText("Current owner's period")).toBeInTheDocument();
    expect(within(rows[1]).getByText("seller@example.nl")).toBeInTheDocument();
    expect(within(rows[1]).getByText("Previous owner's period")).toBeInTheDocument();
  });

  it("previews a PDF in a titled frame and an image inline, each with a download link", async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole("button", { name: "Preview invoice.pdf" }));
    let dialog = await screen.findByRole("dialog", { name: "invoice.pdf" });
    expect(within(dialog).getByTitle("Preview of invoice.pdf")).toHaveAttribute("src", "/api/admin/documents/doc-1/preview");
    expect(within(dialog).getByRole("link", { name: "Download" })).toHaveAttribute("href", "/api/documents/doc-1/download");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "Preview hull.png" }));
    dialog = await screen.findByRole("dialog", { name: "hull.png" });
    expect(within(dialog).getByRole("img", { name: "Preview of hull.png" })).toHaveAttribute(
      "src",
      "/api/admin/documents/doc-2/preview",
    );
  });

  it("rejects only with a reason, and posts the decision with it", async () => {
    const user = userEvent.setup();
    const fetchMock = setup({
      "POST /api/admin/documents/doc-1/review": jsonResponse(200, {
        ...pdf,
        reviewStatus: "rejected",
        reviewReason: "Unreadable scan",
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Reject invoice.pdf" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject this document?" });
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText("Enter a reason")).toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText("Reason"), "Unreadable scan");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const [post] = posts(fetchMock);
    expect(urlOf(post[0])).toBe("/api/admin/documents/doc-1/review");
    expect(jsonBody(post[1])).toEqual({ decision: "rejected", reason: "Unreadable scan" });
    expect((await screen.findAllByText("Document rejected")).length).toBeGreaterThan(0);
  });

  it("verifies with one click", async () => {
    const user = userEvent.setup();
    const fetchMock = setup({
      "POST /api/admin/documents/doc-2/review": jsonResponse(200, { ...photo, reviewStatus: "verified" }),
    });
    await user.click(await screen.findByRole("button", { name: "Verify hull.png" }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(jsonBody(posts(fetchMock)[0][1])).toEqual({ decision: "verified" });
    expect((await screen.findAllByText("Document verified")).length).toBeGreaterThan(0);
  });
});
