import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { lazyPart } from "@/lib/lazy-part";

function Greeting({ who }: { who: string }) {
  return <p>Hello {who}</p>;
}

describe("lazyPart", () => {
  it("shows a loading bar, then the part with its props", async () => {
    const Part = lazyPart(() => Promise.resolve({ Greeting }), "Greeting");
    render(<Part who="Ada" />);
    expect(screen.getByRole("status", { name: "Loading..." })).toBeInTheDocument();
    expect(await screen.findByText("Hello Ada")).toBeInTheDocument();
  });

  it("says so when its code cannot be fetched, keeps the rest, and fetches anew when asked", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue({ Greeting });
    const Part = lazyPart(load, "Greeting");
    render(
      <>
        <h1>The page</h1>
        <Part who="Ada" />
      </>,
    );
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("This part of the page could not be loaded. Check your connection and try again.");
    expect(screen.getByRole("heading", { name: "The page" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Hello Ada")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });

  it("fetches its code once, whether preloaded, shown, or both", async () => {
    const load = vi.fn(() => Promise.resolve({ Greeting }));
    const Part = lazyPart(load, "Greeting");
    Part.preload();
    Part.preload();
    render(<Part who="Ada" />);
    expect(await screen.findByText("Hello Ada")).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
