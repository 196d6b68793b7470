import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { VesselDetailPage } from "@/features/vessels/routes";
import { makeDocument, SERIAL } from "@/test/documents";
import { jsonBody, jsonResponse, mockFetch, renderRoute, urlOf } from "@/test/render";
import { makeDetail, makeUser } from "@/test/vessels";

type Routes = Parameters<typeof mockFetch>[0];

const owned = [
  { ownerUserId: "u-owner", acquisitionType: "private", acquiredAt: "2023-06-10T12:00:00Z", transferredOutAt: null },
];

const DOCUMENTS = [
  makeDocument({
    id: "01JDOC00000000000000000003",
    documentType: "proof_of_purchase",
    fileName: "bill.pdf",
    reviewStatus: "verified",
  }),
  makeDocument({
    id: "01JDOC00000000000000000002",
    documentType: "custom",
    customType: "Survey report",
    fileName: "survey.png",
    sizeBytes: 1536,
    contentType: "image/png",
    reviewStatus: "rejected",
    reviewReason: "The scan is unreadable.",
  }),
  makeDocument(),
];

const RECORD = {
  entries: [
    {
      id: "e-3",
      date: "2026-05-01",
      kind: "valuation",
      description: "Surveyor's valuation",
      amountCents: 4_500_000,
      documentId: null,
      byCurrentOwner: true,
      createdAt: "2026-05-02T10:00:00Z",
    },
    {
      id: "e-2",
      date: "2026-03-15",
      kind: "service",
      description: "Engine service",
      amountCents: 45_050,
      documentId: "01JDOC00000000000000000001",
      byCurrentOwner: true,
      createdAt: "2026-03-16T10:00:00Z",
    },
    {
      id: "e-1",
      date: "2021-08-01",
      kind: "repair",
      description: "New rudder bearings",
      amountCents: 120_000,
      documentId: null,
      byCurrentOwner: false,
      createdAt: "2021-08-02T10:00:00Z",
    },
  ],
  latestValuationCents: 4_500_000,
  totalSpentCents: 165_050,
};

function setup(extra: Routes = {}, vessel: Parameters<typeof makeDetail>[0] = {}) {
  const fetchMock = mockFetch({
    "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
    "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail({ verifiedDocumentsCount: 1, ...vessel }, owned, 3)),
    "GET /api/vessels/7KQ2-M9XD-4HTB/documents": jsonResponse(200, DOCUMENTS),
    "GET /api/vessels/7KQ2-M9XD-4HTB/record": jsonResponse(200, RECORD),
    ...extra,
  });
  const view = renderRoute(<VesselDetailPage />, {
    path: "/registry/7KQ2-M9XD-4HTB",
    routePath: "/registry/:platformId",
    toaster: true,
  });
  return { fetchMock, ...view };
}

async function seeToast(text: string | RegExp) {
  expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
}

function calls(fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) {
  return fetchMock.mock.calls.filter(([url, init]) => urlOf(url) === path && (init?.method ?? "GET") === method);
}

describe("VesselDetailPage: the owner's documents", () => {
  it("lists each document with its type, file, size, date, status and reason, and counts the verified ones", async () => {
    setup();
    const list = await screen.findByRole("list", { name: "Documents" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(3);

    expect(items[0]).toHaveTextContent("Proof of Purchase / Bill of Sale");
    expect(items[0]).toHaveTextContent("bill.pdf");
    expect(items[0]).toHaveTextContent("2 KB · uploaded Nov 23, 2026");
    expect(within(items[0]).getByText("Verified")).toBeInTheDocument();
    expect(within(items[0]).queryByRole("button", { name: /Delete/ })).not.toBeInTheDocument();

    expect(items[1]).toHaveTextContent("Survey report");
    expect(items[1]).toHaveTextContent("1.5 KB");
    expect(within(items[1]).getByText("Rejected")).toBeInTheDocument();
    expect(items[1]).toHaveTextContent("Reason: The scan is unreadable.");

    expect(items[2]).toHaveTextContent("Invoice / Receipt");
    expect(within(items[2]).getByText("Pending review")).toBeInTheDocument();

    const download = within(items[2]).getByRole("link", { name: "Download invoice.pdf" });
    expect(download).toHaveAttribute("href", "/api/documents/01JDOC00000000000000000001/download");
    expect(download).toHaveAttribute("download", "invoice.pdf");

    // The tile and the Documents status count verified documents.
    expect(screen.getByText("Verified Documents").parentElement!).toHaveTextContent("1");
    expect(screen.getAllByText("1 verified document").length).toBeGreaterThan(0);
  });

  it("shows the documents awaiting review while none is verified", async () => {
    setup({}, { verifiedDocumentsCount: 0 });
    expect((await screen.findAllByText("1 document awaiting review")).length).toBe(2);
    expect(screen.getByText("Verified Documents").parentElement!).toHaveTextContent("0");
  });

  it("deletes a document not yet verified after a confirmation", async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup({
      "DELETE /api/documents/01JDOC00000000000000000001": new Response(null, { status: 204 }),
    });
    const list = await screen.findByRole("list", { name: "Documents" });
    await user.click(within(list).getByRole("button", { name: "Delete invoice.pdf" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this document?" });
    expect(dialog).toHaveTextContent("invoice.pdf (Invoice / Receipt) will be removed");
    expect(calls(fetchMock, "DELETE", "/api/documents/01JDOC00000000000000000001")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await seeToast("Document deleted");
    expect(calls(fetchMock, "DELETE", "/api/documents/01JDOC00000000000000000001")).toHaveLength(1);
  });

  it("shows none of it to visitors, and asks the server nothing about documents or the record", async () => {
    const { fetchMock } = setup({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(
        200,
        makeDetail({ verifiedDocumentsCount: 1 }, [{ ...owned[0], ownerUserId: null }], 3),
      ),
    });
    expect(await screen.findByRole("heading", { name: "Ownership History" })).toBeInTheDocument();
    expect(screen.getByText("1 verified document")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Documents" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Value & Maintenance Record" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Download certificate (PDF)" })).not.toBeInTheDocument();
    const paths = fetchMock.mock.calls.map(([url]) => urlOf(url));
    expect(paths.some((p) => p.endsWith("/documents") || p.endsWith("/record"))).toBe(false);
  });
});

describe("VesselDetailPage: certificate and record downloads", () => {
  // jsdom has no object URLs: the download is followed up to the anchor's click.
  const original = Object.getOwnPropertyDescriptors(URL);
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => "blob:certificate");
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    for (const name of ["createObjectURL", "revokeObjectURL"] as const) {
      if (name in original) Object.defineProperty(URL, name, original[name]);
      else Reflect.deleteProperty(URL, name);
    }
    vi.restoreAllMocks();
  });

  it("downloads the certificate and names its serial with a link to its check", async () => {
    const user = userEvent.setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    setup({
      "GET /api/vessels/7KQ2-M9XD-4HTB/certificate.pdf": new Response("%PDF-1.7\n%%EOF\n", {
        status: 200,
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": 'attachment; filename="certificate-7KQ2M9XD4HTB.pdf"',
          "X-Certificate-Serial": SERIAL,
        },
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Download certificate (PDF)" }));
    await seeToast("Certificate downloaded");
    expect(screen.getAllByText(`Serial ${SERIAL}.`).length).toBeGreaterThan(0);
    expect(screen.getAllByRole("link", { name: "Check it online" })[0]).toHaveAttribute("href", `/verify/${SERIAL}`);
    expect(click).toHaveBeenCalledTimes(1);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe("certificate-7KQ2M9XD4HTB.pdf");
    expect(anchor.href).toBe("blob:certificate");
  });

  it("shows the server's refusal instead of saving it as the certificate", async () => {
    const user = userEvent.setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    setup({
      "GET /api/vessels/7KQ2-M9XD-4HTB/certificate.pdf": jsonResponse(409, {
        message: "Certificates are issued for active vessels only.",
        code: "conflict",
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Download certificate (PDF)" }));
    await seeToast("Download Failed");
    await seeToast("Certificates are issued for active vessels only.");
    expect(click).not.toHaveBeenCalled();
  });

  it("offers the certificate for active vessels only, the record PDF to the owner", async () => {
    setup({}, { status: "in_transfer" });
    expect(await screen.findByRole("button", { name: "Download vessel record (PDF)" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Download certificate (PDF)" })).not.toBeInTheDocument();
  });

  it("downloads the vessel record PDF", async () => {
    const user = userEvent.setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    setup({
      "GET /api/vessels/7KQ2-M9XD-4HTB/record.pdf": new Response("%PDF-1.7\n%%EOF\n", {
        status: 200,
        headers: { "Content-Type": "application/pdf" },
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Download vessel record (PDF)" }));
    await seeToast("Vessel record downloaded");
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe("vessel-record-7KQ2-M9XD-4HTB.pdf");
  });
});

describe("VesselDetailPage: the value & maintenance record", () => {
  it("shows the latest valuation, the total spent and the entries newest first, earlier owners' read-only", async () => {
    setup();
    const section = (await screen.findByRole("heading", { name: "Value & Maintenance Record" })).closest("div.rounded-lg")!;
    const record = within(section as HTMLElement);
    expect(await record.findByText("Latest valuation")).toBeInTheDocument();
    expect(record.getByText("Latest valuation").nextElementSibling).toHaveTextContent("€45,000.00");
    expect(record.getByText("Total spent").nextElementSibling).toHaveTextContent("€1,650.50");

    const entries = within(record.getByRole("list", { name: "Value & Maintenance Record" })).getAllByRole("listitem");
    expect(entries).toHaveLength(3);
    expect(entries[0]).toHaveTextContent("May 1, 2026");
    expect(entries[0]).toHaveTextContent("Valuation");
    expect(entries[0]).toHaveTextContent("Value: €45,000.00");
    expect(entries[1]).toHaveTextContent("Engine service");
    expect(entries[1]).toHaveTextContent("Cost: €450.50");
    expect(within(entries[1]).getByRole("link", { name: /Document: Invoice \/ Receipt – invoice.pdf/ })).toHaveAttribute(
      "href",
      "/api/documents/01JDOC00000000000000000001/download",
    );
    expect(entries[1]).toHaveTextContent("Added by you");
    expect(within(entries[1]).getByRole("button", { name: "Edit the entry of Mar 15, 2026" })).toBeInTheDocument();

    expect(entries[2]).toHaveTextContent("New rudder bearings");
    expect(entries[2]).toHaveTextContent("Previous owner");
    expect(within(entries[2]).queryByRole("button")).not.toBeInTheDocument();
  });

  it("adds an entry: validated, the amount in euros sent as cents, a document linked", async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    setup({
      "POST /api/vessels/7KQ2-M9XD-4HTB/record": (_url, init) => {
        posted.push(jsonBody(init));
        return jsonResponse(201, { ...RECORD.entries[1], id: "e-4" });
      },
    });
    await user.click(await screen.findByRole("button", { name: "Add entry" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a record entry" });
    const form = within(dialog);

    await user.clear(form.getByLabelText("Date"));
    await user.type(form.getByLabelText("Amount in euros (optional)"), "12,345");
    await user.click(form.getByRole("button", { name: "Add entry" }));
    expect(await form.findByText("Enter the date")).toBeInTheDocument();
    expect(form.getByText("Choose what kind of entry this is")).toBeInTheDocument();
    expect(form.getByText("Describe what was done")).toBeInTheDocument();
    expect(form.getByText("Enter an amount in euros, such as 450 or 1250.50")).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await user.type(form.getByLabelText("Date"), "2026-04-02");
    await user.selectOptions(form.getByLabelText("Kind"), "upgrade");
    await user.type(form.getByLabelText("Description"), "  New chartplotter  ");
    await user.clear(form.getByLabelText("Amount in euros (optional)"));
    await user.type(form.getByLabelText("Amount in euros (optional)"), "1250,5");
    await user.selectOptions(form.getByLabelText("Linked document (optional)"), "01JDOC00000000000000000001");
    await user.click(form.getByRole("button", { name: "Add entry" }));

    await seeToast("Entry added");
    expect(posted).toEqual([
      {
        date: "2026-04-02",
        kind: "upgrade",
        description: "New chartplotter",
        amountCents: 125050,
        documentId: "01JDOC00000000000000000001",
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("edits and deletes the owner's own entries", async () => {
    const user = userEvent.setup();
    const patched: unknown[] = [];
    const { fetchMock } = setup({
      "PATCH /api/vessels/7KQ2-M9XD-4HTB/record/e-2": (_url, init) => {
        patched.push(jsonBody(init));
        return jsonResponse(200, RECORD.entries[1]);
      },
      "DELETE /api/vessels/7KQ2-M9XD-4HTB/record/e-3": new Response(null, { status: 204 }),
    });
    await user.click(await screen.findByRole("button", { name: "Edit the entry of Mar 15, 2026" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit record entry" });
    const form = within(dialog);
    expect(form.getByLabelText("Date")).toHaveValue("2026-03-15");
    expect(form.getByLabelText("Kind")).toHaveValue("service");
    expect(form.getByLabelText("Amount in euros (optional)")).toHaveValue("450.50");
    await user.clear(form.getByLabelText("Description"));
    await user.type(form.getByLabelText("Description"), "Engine service and impeller");
    await user.click(form.getByRole("button", { name: "Save changes" }));
    await seeToast("Entry updated");
    expect(patched).toEqual([
      {
        date: "2026-03-15",
        kind: "service",
        description: "Engine service and impeller",
        amountCents: 45050,
        documentId: "01JDOC00000000000000000001",
      },
    ]);

    await user.click(screen.getByRole("button", { name: "Delete the entry of May 1, 2026" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete this entry?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await seeToast("Entry deleted");
    expect(calls(fetchMock, "DELETE", "/api/vessels/7KQ2-M9XD-4HTB/record/e-3")).toHaveLength(1);
  });
});
