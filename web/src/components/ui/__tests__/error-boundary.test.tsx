import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "@/components/ui/error-boundary";

function Broken(): never {
  throw new Error("chunk failed to load");
}

describe("ErrorBoundary", () => {
  it("shows its fallback for a part that fails, and leaves the rest", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <div>
        <p>The rest of the page</p>
        <ErrorBoundary fallback={<p>Could not load</p>}>
          <Broken />
        </ErrorBoundary>
      </div>,
    );
    expect(screen.getByText("Could not load")).toBeInTheDocument();
    expect(screen.getByText("The rest of the page")).toBeInTheDocument();
  });
});
