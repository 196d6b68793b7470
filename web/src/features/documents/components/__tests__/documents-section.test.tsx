import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DocumentsSection } from "@/features/documents/components/documents-section";
import { makeDocument } from "@/test/documents";
import { jsonResponse, mockFetch, renderRoute } from "@/test/render";

describe("DocumentsSection", () => {
  it("lists the owner's own documents and only the kind and date of a previous owner's", async () => {
    mockFetch({
      "GET /api/vessels/7KQ2-M9XD-4HTB/documents": jsonResponse(200, [makeDocument({ fileName: "my-invoice.pdf" })]),
      "GET /api/vessels/7KQ2-M9XD-4HTB/documents/previous-owners": jsonResponse(200, [
        { documentType: "registration_document", customType: null, uploadedAt: "2025-03-02T10:00:00Z", reviewStatus: "verified" },
      ]),
    });
    renderRoute(<DocumentsSection platformId="7KQ2-M9XD-4HTB" />);
    expect(await screen.findByText("my-invoice.pdf")).toBeInTheDocument();
    const previous = await screen.findByRole("list", { name: "Documents of previous owners" });
    expect(within(previous).getByText("Registration Document")).toBeInTheDocument();
    expect(within(previous).getByText("Previous owner")).toBeInTheDocument();
    expect(within(previous).queryByRole("link")).not.toBeInTheDocument();
    expect(within(previous).queryByRole("button")).not.toBeInTheDocument();
  });
});
