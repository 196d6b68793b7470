import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { dismissToasts, toast, useToast } from "@/components/ui/use-toast";

describe("toasts about a form or action", () => {
  it("are closed by its success, and only its own", () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ scope: "transfer-code-1", variant: "destructive", title: "Verification Failed" });
    });
    expect(result.current.toasts[0]).toMatchObject({ title: "Verification Failed", open: true });

    // Another form's success leaves it.
    act(() => dismissToasts("transfer-code-2"));
    expect(result.current.toasts[0]).toMatchObject({ title: "Verification Failed", open: true });

    act(() => dismissToasts("transfer-code-1"));
    expect(result.current.toasts[0]).toMatchObject({ title: "Verification Failed", open: false });
  });

  it("leave a later toast about something else standing", () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ scope: "payment-v1", variant: "destructive", title: "Payment Failed" });
      toast({ title: "Vessel updated" });
    });
    act(() => dismissToasts("payment-v1"));
    expect(result.current.toasts[0]).toMatchObject({ title: "Vessel updated", open: true });
  });
});
