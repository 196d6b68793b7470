import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { useDocumentTitle } from "@/lib/use-document-title";

const BRAND = "European Small-Craft Registry";

function Titled({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return <>{children}</>;
}

describe("useDocumentTitle", () => {
  it("gives the brand alone for the landing page", () => {
    render(<Titled title="" />);
    expect(document.title).toBe(BRAND);
  });

  it("lets the innermost part name the page when both mount together", () => {
    render(
      <Titled title="Transfer Ownership">
        <Titled title="Vessel Not Found" />
      </Titled>,
    );
    expect(document.title).toBe(`Vessel Not Found · ${BRAND}`);
  });

  it("lets the innermost part name the page when it mounts later, and gives the name back when it goes", () => {
    const { rerender } = render(<Titled title="Upload Documents" />);
    expect(document.title).toBe(`Upload Documents · ${BRAND}`);
    rerender(
      <Titled title="Upload Documents">
        <Titled title="Vessel Not Found" />
      </Titled>,
    );
    expect(document.title).toBe(`Vessel Not Found · ${BRAND}`);
    rerender(<Titled title="Upload Documents" />);
    expect(document.title).toBe(`Upload Documents · ${BRAND}`);
  });

  it("keeps the inner part's name when the outer one changes", () => {
    const { rerender } = render(
      <Titled title="Admin Console">
        <Titled title="Admin Access Required" />
      </Titled>,
    );
    expect(document.title).toBe(`Admin Access Required · ${BRAND}`);
    rerender(
      <Titled title="Console">
        <Titled title="Admin Access Required" />
      </Titled>,
    );
    expect(document.title).toBe(`Admin Access Required · ${BRAND}`);
  });
});
