import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ConfirmButton } from "@/components/ui/confirm-button";

function renderButton(onConfirm = vi.fn(), description: string | string[] = "The file goes for good.") {
  render(
    <ConfirmButton
      variant="outline"
      aria-label="Delete invoice.pdf"
      title="Delete this document?"
      description={description}
      cancelLabel="Keep"
      confirmLabel="Delete"
      onConfirm={onConfirm}
    >
      Delete
    </ConfirmButton>,
  );
  return onConfirm;
}

describe("ConfirmButton", () => {
  it("asks in an alert dialog named by its title and described, with focus on Keep, and does nothing on Keep", async () => {
    const user = userEvent.setup();
    const onConfirm = renderButton();
    const trigger = screen.getByRole("button", { name: "Delete invoice.pdf" });
    await user.click(trigger);

    const dialog = screen.getByRole("alertdialog", { name: "Delete this document?" });
    expect(dialog).toHaveAccessibleDescription("The file goes for good.");
    expect(screen.getByRole("button", { name: "Keep" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Keep" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(trigger).toHaveFocus();
  });

  it("runs onConfirm once and closes when confirmed", async () => {
    const user = userEvent.setup();
    const onConfirm = renderButton();
    await user.click(screen.getByRole("button", { name: "Delete invoice.pdf" }));
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("shows a description given as paragraphs one paragraph each", async () => {
    const user = userEvent.setup();
    renderButton(vi.fn(), ["Your account is archived.", "Your vessels stay registered."]);
    await user.click(screen.getByRole("button", { name: "Delete invoice.pdf" }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete this document?" });
    expect(dialog).toHaveAccessibleDescription("Your account is archived. Your vessels stay registered.");
    expect(screen.getByText("Your account is archived.").tagName).toBe("P");
  });
});
