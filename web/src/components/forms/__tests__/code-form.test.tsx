import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CodeForm } from "@/components/forms/code-form";

function form(submitting: boolean, onSubmit: (otp: string, clear: () => void) => void) {
  return (
    <CodeForm
      id="code"
      label="SMS code"
      submitLabel="Verify"
      submittingLabel="Verifying…"
      submitting={submitting}
      onSubmit={onSubmit}
    />
  );
}

describe("CodeForm", () => {
  it("after a refused code, empties the boxes and puts the focus back in the first once they are enabled again", async () => {
    let clear: (() => void) | null = null;
    const onSubmit = (_otp: string, clearBoxes: () => void) => {
      clear = clearBoxes;
    };
    const { rerender } = render(form(false, onSubmit));
    await userEvent.click(screen.getByRole("textbox", { name: "Digit 1 of 6" }));
    await userEvent.keyboard("123456");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(clear).not.toBeNull();

    // The caller's error callback runs while the submission still disables the boxes.
    rerender(form(true, onSubmit));
    expect(screen.getByRole("textbox", { name: "Digit 1 of 6" })).toBeDisabled();
    act(() => clear?.());
    rerender(form(false, onSubmit));

    const first = screen.getByRole("textbox", { name: "Digit 1 of 6" });
    expect(first).toHaveValue("");
    expect(first).toHaveFocus();
  });

  it("puts the focus back in the first box at once when the boxes are enabled", async () => {
    let clear: (() => void) | null = null;
    render(
      form(false, (_otp, clearBoxes) => {
        clear = clearBoxes;
      }),
    );
    await userEvent.click(screen.getByRole("textbox", { name: "Digit 1 of 6" }));
    await userEvent.keyboard("123456");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    act(() => clear?.());
    expect(screen.getByRole("textbox", { name: "Digit 1 of 6" })).toHaveFocus();
  });
});
