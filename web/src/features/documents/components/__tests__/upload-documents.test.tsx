import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { OwnershipEntry } from "@/api/types";
import { UploadDocumentsPage } from "@/features/vessels/routes";
import { makeDocument } from "@/test/documents";
import { jsonResponse, mockFetch, renderRoute } from "@/test/render";
import { makeDetail, makeUser } from "@/test/vessels";

type Routes = Parameters<typeof mockFetch>[0];

const PATH = "/registry/7KQ2-M9XD-4HTB/upload-documents";
const owned = [
  { ownerUserId: "u-owner", acquisitionType: "private", acquiredAt: "2026-11-22T10:00:00Z", transferredOutAt: null },
];
const notOwned: OwnershipEntry[] = [
  { ownerUserId: null, acquisitionType: "private", acquiredAt: "2026-11-22T10:00:00Z", transferredOutAt: null },
];

function setup(extra: Routes = {}, history: OwnershipEntry[] = owned) {
  const fetchMock = mockFetch({
    "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
    "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(200, makeDetail({}, history)),
    "GET /api/vessels/7KQ2-M9XD-4HTB/documents": jsonResponse(200, []),
    ...extra,
  });
  const view = renderRoute(<UploadDocumentsPage />, {
    path: PATH,
    routePath: "/registry/:platformId/upload-documents",
    toaster: true,
  });
  return { fetchMock, ...view };
}

/** A file of `size` bytes (the size is reported, not allocated). */
function fileOf(name: string, size: number, type = "application/pdf") {
  const file = new File(["%PDF-1.4\n%%EOF\n"], name, { type, lastModified: 1 });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

async function addToQueue(user: ReturnType<typeof userEvent.setup>, type: string, file: File, customName?: string) {
  await user.selectOptions(screen.getByLabelText("Document Type"), type);
  if (customName !== undefined) await user.type(screen.getByLabelText("Document Name"), customName);
  await user.upload(screen.getByLabelText("File"), file);
  await user.click(screen.getByRole("button", { name: "Add to Upload Queue" }));
}

/** A toast's text (Radix also copies it for screen readers, so it may be there twice). */
async function seeToast(text: string) {
  expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
}

function queue() {
  return screen.getByRole("list", { name: "Upload Queue" });
}

describe("Upload documents: who may upload", () => {
  it("asks guests to sign in", async () => {
    setup({ "GET /api/auth/session": jsonResponse(200, { user: null }) });
    expect(await screen.findByRole("heading", { name: "Authentication Required" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", `/login?next=${encodeURIComponent(PATH)}`);
    expect(screen.queryByRole("button", { name: "Upload All Documents" })).not.toBeInTheDocument();
  });

  it("shows 'Access Denied' with Back to Vessel when the server refuses the vessel's documents", async () => {
    // The client believes the user owns it; the server's 403 decides.
    setup({
      "GET /api/vessels/7KQ2-M9XD-4HTB/documents": jsonResponse(403, {
        message: "Only the vessel's current owner can see its documents.",
        code: "forbidden",
      }),
    });
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeInTheDocument();
    expect(screen.getByText("You must be the current owner to upload documents for this vessel.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Vessel" })).toHaveAttribute("href", "/registry/7KQ2-M9XD-4HTB");
    expect(screen.queryByLabelText("Document Type")).not.toBeInTheDocument();
  });

  it("denies a signed-in user who is not the current owner", async () => {
    setup({}, notOwned);
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Vessel" })).toBeInTheDocument();
  });

  it("says 'Vessel Not Found' for a vessel the caller cannot see", async () => {
    setup({ "GET /api/vessels/7KQ2-M9XD-4HTB": jsonResponse(404, { message: "Vessel not found", code: "not_found" }) });
    expect(await screen.findByRole("heading", { name: "Vessel Not Found" })).toBeInTheDocument();
  });
});

describe("Upload documents: the form and the queue", () => {
  it("has the breadcrumb, the five types, the custom name only for custom, and the file picker's limits", async () => {
    const user = userEvent.setup();
    setup();
    expect(await screen.findByRole("heading", { name: "Upload Documents", level: 1 })).toBeInTheDocument();
    const breadcrumb = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(breadcrumb).getByRole("link", { name: "Registry" })).toHaveAttribute("href", "/registry");
    expect(within(breadcrumb).getByRole("link", { name: "7KQ2-M9XD-4HTB" })).toHaveAttribute("href", "/registry/7KQ2-M9XD-4HTB");
    expect(within(breadcrumb).getByText("Upload Documents")).toHaveAttribute("aria-current", "page");

    const select = screen.getByLabelText("Document Type");
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([
      "Select document type",
      "Proof of Purchase / Bill of Sale",
      "Registration Document",
      "Invoice / Receipt",
      "Other Proof of Ownership",
      "Custom Document",
    ]);
    expect(screen.queryByLabelText("Document Name")).not.toBeInTheDocument();
    await user.selectOptions(select, "custom");
    expect(screen.getByLabelText("Document Name")).toBeInTheDocument();
    await user.selectOptions(select, "invoice");
    expect(screen.queryByLabelText("Document Name")).not.toBeInTheDocument();

    const file = screen.getByLabelText("File");
    expect(file).toHaveAttribute("type", "file");
    expect(file).toHaveAttribute("accept", ".pdf,.jpg,.jpeg,.png");
    expect(file).toHaveAccessibleDescription("Accepted formats: PDF, JPG, JPEG, PNG (max 10MB)");
    expect(screen.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/registry/7KQ2-M9XD-4HTB");
  });

  it("asks for a type and a file before queueing", async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole("button", { name: "Add to Upload Queue" }));
    expect(await screen.findByText("Please select a document type")).toBeInTheDocument();
    expect(screen.getByText("Please select a file")).toBeInTheDocument();
    expect(screen.getByLabelText("Document Type")).toHaveAttribute("aria-invalid", "true");

    await user.selectOptions(screen.getByLabelText("Document Type"), "custom");
    await user.click(screen.getByRole("button", { name: "Add to Upload Queue" }));
    expect(await screen.findByText("Enter a name for the document")).toBeInTheDocument();
  });

  it("refuses other kinds of file and files over 10 MB before they are queued", async () => {
    const user = userEvent.setup({ applyAccept: false });
    setup();
    await screen.findByLabelText("Document Type");
    await addToQueue(user, "invoice", fileOf("scan.gif", 1000, "image/gif"));
    expect(await screen.findByText("Only PDF, JPG, JPEG and PNG files are accepted")).toBeInTheDocument();

    await user.upload(screen.getByLabelText("File"), fileOf("big.pdf", 10 * 1024 * 1024 + 1));
    await user.click(screen.getByRole("button", { name: "Add to Upload Queue" }));
    expect(await screen.findByText("The file is larger than 10MB")).toBeInTheDocument();

    await user.upload(screen.getByLabelText("File"), fileOf("exactly.pdf", 10 * 1024 * 1024));
    await user.click(screen.getByRole("button", { name: "Add to Upload Queue" }));
    expect(await screen.findByText("exactly.pdf")).toBeInTheDocument();
    expect(within(queue()).getByText(/10,240 KB/)).toBeInTheDocument();
  });

  it("queues documents with name, type label and size in KB, and removes them again", async () => {
    const user = userEvent.setup();
    setup();
    expect(await screen.findByText(/No documents in the queue yet/)).toBeInTheDocument();

    await addToQueue(user, "proof_of_purchase", fileOf("bill-of-sale.pdf", 2048));
    await seeToast("Document Added");
    await addToQueue(user, "custom", fileOf("survey.png", 1536, "image/png"), "Survey report");

    const items = within(queue()).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("bill-of-sale.pdf");
    expect(items[0]).toHaveTextContent("Proof of Purchase / Bill of Sale");
    expect(items[0]).toHaveTextContent("2 KB");
    expect(items[1]).toHaveTextContent("survey.png");
    expect(items[1]).toHaveTextContent("Survey report");
    expect(items[1]).toHaveTextContent("1.5 KB");
    expect(screen.getByText("2 documents ready to upload")).toBeInTheDocument();
    // The form is ready for the next document.
    expect(screen.getByLabelText("Document Type")).toHaveValue("");
    expect(screen.queryByLabelText("Document Name")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Remove bill-of-sale.pdf from the queue" }));
    expect(within(queue()).getAllByRole("listitem")).toHaveLength(1);
    expect(screen.queryByText("bill-of-sale.pdf")).not.toBeInTheDocument();
    expect(screen.getByText("1 document ready to upload")).toBeInTheDocument();

    // The same file again is not queued twice.
    await user.upload(screen.getByLabelText("File"), fileOf("survey.png", 1536, "image/png"));
    await user.selectOptions(screen.getByLabelText("Document Type"), "other_proof");
    await user.click(screen.getByRole("button", { name: "Add to Upload Queue" }));
    expect(await screen.findByText("This file is already in the upload queue")).toBeInTheDocument();
  });

  it("says 'No Documents' when the queue is empty", async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup();
    await user.click(await screen.findByRole("button", { name: "Upload All Documents" }));
    await seeToast("No Documents");
    await seeToast("Please add at least one document to upload.");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });
});

describe("Upload documents: uploading", () => {
  it("sends the queue in one form to the vessel's address, then returns to the vessel after a second", async () => {
    const user = userEvent.setup();
    let sent: [string, FormDataEntryValue][] = [];
    setup({
      "POST /api/vessels/7KQ2-M9XD-4HTB/documents": (_url, init) => {
        sent = Array.from((init?.body as FormData).entries());
        return jsonResponse(201, [makeDocument(), makeDocument({ id: "01JDOC00000000000000000002", documentType: "custom" })]);
      },
    });
    await screen.findByLabelText("Document Type");
    await addToQueue(user, "invoice", fileOf("invoice.pdf", 4096));
    await addToQueue(user, "custom", fileOf("survey.jpg", 3000, "image/jpeg"), "  Survey report ");
    await user.click(screen.getByRole("button", { name: "Upload All Documents" }));

    await seeToast("Documents Uploaded");
    await seeToast("2 documents were uploaded and await review.");
    expect(sent.map(([name]) => name)).toEqual(["documentType_0", "files", "documentType_1", "customType_1", "files"]);
    expect(sent[0]).toEqual(["documentType_0", "invoice"]);
    expect((sent[1]?.[1] as File).name).toBe("invoice.pdf");
    expect(sent[3]).toEqual(["customType_1", "Survey report"]);
    expect((sent[4]?.[1] as File).name).toBe("survey.jpg");

    // Not at once: a second later.
    expect(screen.queryByText(/Navigated to/)).not.toBeInTheDocument();
    expect(await screen.findByText("Navigated to /registry/7KQ2-M9XD-4HTB", {}, { timeout: 2500 })).toBeInTheDocument();
  });

  it("keeps the queue and shows the server's message when the upload fails", async () => {
    const user = userEvent.setup();
    setup({
      "POST /api/vessels/7KQ2-M9XD-4HTB/documents": jsonResponse(415, {
        message: "fake.pdf: only PDF, JPEG and PNG files are accepted, and the file's contents must match its name.",
        code: "unsupported_file",
      }),
    });
    await screen.findByLabelText("Document Type");
    await addToQueue(user, "invoice", fileOf("fake.pdf", 100));
    await user.click(screen.getByRole("button", { name: "Upload All Documents" }));

    await seeToast("Upload Failed");
    await seeToast("fake.pdf: only PDF, JPEG and PNG files are accepted, and the file's contents must match its name.");
    expect(within(queue()).getByText("fake.pdf")).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(screen.queryByText(/Navigated to/)).not.toBeInTheDocument();
  });

  it("puts the server's field errors on the queued document they concern", async () => {
    const user = userEvent.setup();
    setup({
      "POST /api/vessels/7KQ2-M9XD-4HTB/documents": jsonResponse(422, {
        message: "Some fields are invalid.",
        code: "validation_failed",
        fields: { customType_1: ["A custom document's name can be at most 100 characters."] },
      }),
    });
    await screen.findByLabelText("Document Type");
    await addToQueue(user, "invoice", fileOf("a.pdf", 100));
    await addToQueue(user, "custom", fileOf("b.pdf", 100), "Report");
    await user.click(screen.getByRole("button", { name: "Upload All Documents" }));

    const message = await screen.findByText("A custom document's name can be at most 100 characters.");
    const items = within(queue()).getAllByRole("listitem");
    expect(items[1]).toContainElement(message);
    expect(items[1]).toHaveAccessibleDescription("A custom document's name can be at most 100 characters.");
  });

  it("switches to 'Access Denied' when the upload is refused as not the owner's", async () => {
    const user = userEvent.setup();
    setup({
      "POST /api/vessels/7KQ2-M9XD-4HTB/documents": jsonResponse(403, {
        message: "Access Denied: You must be the current owner to upload documents for this vessel.",
        code: "forbidden",
      }),
    });
    await screen.findByLabelText("Document Type");
    await addToQueue(user, "invoice", fileOf("a.pdf", 100));
    await user.click(screen.getByRole("button", { name: "Upload All Documents" }));
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeInTheDocument();
    await seeToast("Upload Failed");
    await waitFor(() => expect(screen.getByRole("link", { name: "Back to Vessel" })).toBeInTheDocument());
  });
});
