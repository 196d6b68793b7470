import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { CodeInput } from "@/components/ui/code-input";

/** The boxes with a parent holding their value, shown for the assertions. */
function Harness({ onComplete }: { onComplete?: (code: string) => void }) {
  const [value, setValue] = useState("");
  return (
    <>
      <CodeInput label="SMS code" value={value} onChange={setValue} onComplete={onComplete} />
      <output aria-label="value">{JSON.stringify(value)}</output>
    </>
  );
}

function box(n: number) {
  return screen.getByRole("textbox", { name: `Digit ${n} of 6` });
}

function value() {
  return JSON.parse(screen.getByRole("status", { name: "value" }).textContent) as string;
}

describe("CodeInput", () => {
  it("is a labelled group of six single-digit boxes for a one-time code", () => {
    render(<Harness />);
    const group = screen.getByRole("group", { name: "SMS code" });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole("textbox")).toHaveLength(6);
    expect(box(1)).toHaveAttribute("inputmode", "numeric");
    expect(box(1)).toHaveAttribute("autocomplete", "one-time-code");
  });

  it("takes digits only and moves to the next box as each is typed", async () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    await userEvent.click(box(1));
    await userEvent.keyboard("1a2 -3");
    expect(value()).toBe("123");
    expect(box(1)).toHaveValue("1");
    expect(box(3)).toHaveValue("3");
    expect(box(4)).toHaveFocus();
    expect(onComplete).not.toHaveBeenCalled();
    await userEvent.keyboard("456");
    expect(value()).toBe("123456");
    expect(onComplete).toHaveBeenCalledWith("123456");
  });

  it("fills every box when a six-digit code is pasted, whichever box has the focus", async () => {
    render(<Harness />);
    await userEvent.click(box(4));
    await userEvent.paste("Your code: 482 913");
    expect(value()).toBe("482913");
    expect([1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value).join("")).toBe("482913");
    expect(box(6)).toHaveFocus();
  });

  it("fills from the focused box when fewer digits are pasted", async () => {
    render(<Harness />);
    await userEvent.click(box(3));
    await userEvent.paste("77");
    expect(value()).toBe("  77");
    expect(box(5)).toHaveFocus();
  });

  it("clears a box with Backspace, and from an empty box goes back and clears the one before", async () => {
    render(<Harness />);
    await userEvent.click(box(1));
    await userEvent.keyboard("1234");
    expect(box(5)).toHaveFocus();

    await userEvent.keyboard("{Backspace}");
    expect(value()).toBe("123");
    expect(box(4)).toHaveFocus();

    await userEvent.keyboard("{Backspace}");
    expect(value()).toBe("12");
    expect(box(3)).toHaveFocus();

    await userEvent.click(box(2));
    await userEvent.keyboard("{Backspace}");
    expect(value()).toBe("1");
    expect(box(2)).toHaveFocus();
  });

  it("replaces a box's digit when typed over, and moves with the arrow keys", async () => {
    render(<Harness />);
    await userEvent.click(box(1));
    await userEvent.keyboard("123456");
    await userEvent.click(box(2));
    await userEvent.keyboard("9");
    expect(value()).toBe("193456");
    expect(box(3)).toHaveFocus();
    await userEvent.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(box(1)).toHaveFocus();
    await userEvent.keyboard("{End}");
    expect(box(6)).toHaveFocus();
    await userEvent.keyboard("{Home}{ArrowRight}");
    expect(box(2)).toHaveFocus();
  });
});
