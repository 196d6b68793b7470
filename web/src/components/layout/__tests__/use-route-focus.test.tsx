import { act, fireEvent, render, screen } from "@testing-library/react";
import { useRef } from "react";
import { Link, MemoryRouter, Outlet, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HEADING_WAIT_MS, SETTLE_WAIT_MS, useRouteFocus } from "@/components/layout/use-route-focus";

function Shell() {
  const main = useRef<HTMLElement>(null);
  useRouteFocus(main);
  return (
    <>
      <nav>
        <Link to="/no-heading">No heading</Link>
        <Link to="/still-loading">Still loading</Link>
        <Link to="/anchored#part">Anchored</Link>
        <Link to="/field">Field</Link>
      </nav>
      <main ref={main} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

function renderShell() {
  return render(
    <MemoryRouter initialEntries={["/"]}>
      <Routes>
        <Route element={<Shell />}>
          <Route index element={<h1>Home</h1>} />
          <Route path="no-heading" element={<p>Nothing to name this page</p>} />
          <Route
            path="still-loading"
            element={
              <>
                <h1>Slow page</h1>
                <p role="status">Loading...</p>
              </>
            }
          />
          <Route
            path="anchored"
            element={
              <>
                <h1>Long page</h1>
                <section id="part" aria-label="A part">
                  Part
                </section>
              </>
            }
          />
          <Route
            path="field"
            element={
              <>
                <h1>Form page</h1>
                <label>
                  Name
                  <input autoFocus />
                </label>
              </>
            }
          />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

function follow(name: string) {
  act(() => {
    fireEvent.click(screen.getByRole("link", { name }));
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("useRouteFocus", () => {
  it("focuses <main> when the new page shows no heading in time", () => {
    renderShell();
    follow("No heading");
    expect(screen.getByRole("main")).not.toHaveFocus();
    act(() => {
      vi.advanceTimersByTime(HEADING_WAIT_MS);
    });
    expect(screen.getByRole("main")).toHaveFocus();
  });

  it("focuses a heading whose page keeps saying it is loading, after a short wait", () => {
    renderShell();
    follow("Still loading");
    const heading = screen.getByRole("heading", { name: "Slow page" });
    expect(heading).not.toHaveFocus();
    act(() => {
      vi.advanceTimersByTime(SETTLE_WAIT_MS);
    });
    expect(heading).toHaveFocus();
  });

  it("focuses the #hash target instead of the h1", () => {
    renderShell();
    follow("Anchored");
    const part = screen.getByRole("region", { name: "A part" });
    expect(part).toHaveFocus();
    expect(part).toHaveAttribute("tabindex", "-1");
  });

  it("keeps the field a page has focused itself", () => {
    renderShell();
    follow("Field");
    act(() => {
      vi.advanceTimersByTime(HEADING_WAIT_MS);
    });
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveFocus();
  });
});
