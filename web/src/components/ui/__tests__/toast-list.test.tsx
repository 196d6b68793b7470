import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ToastList } from "@/components/ui/toast-list";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";

describe("a failure's toast", () => {
  it("offers to contact the registry for a conflict, and not for other failures", () => {
    render(<ToastList />);
    act(() => {
      toast({ variant: "destructive", title: "Error", description: "Invalid", error: new ApiError(422, "", "") });
    });
    expect(screen.getByText("Invalid")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Contact the registry/ })).not.toBeInTheDocument();
    act(() => {
      toast({
        variant: "destructive",
        title: "Error",
        description: "This vessel already has an open transfer.",
        error: new ApiError(409, "Conflict", '{"message":"This vessel already has an open transfer."}'),
      });
    });
    expect(screen.getByRole("link", { name: "Think this is wrong? Contact the registry" })).toHaveAttribute("href", "/contact");
  });
});
