import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isCompleteCode } from "@/lib/otp";
import { useCountdown } from "@/lib/use-countdown";

describe("useCountdown", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is at 0 until started", () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.secondsLeft).toBe(0);
  });

  it("counts down once a second to 0, and stops there", () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    expect(result.current.secondsLeft).toBe(60);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.secondsLeft).toBe(59);
    act(() => {
      vi.advanceTimersByTime(58_500);
    });
    expect(result.current.secondsLeft).toBe(1);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.secondsLeft).toBe(0);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(result.current.secondsLeft).toBe(0);
  });

  it("starts from an initial value, restarts, and stops on demand", () => {
    const { result } = renderHook(() => useCountdown(30));
    expect(result.current.secondsLeft).toBe(30);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(result.current.secondsLeft).toBe(20);
    act(() => result.current.start(42));
    expect(result.current.secondsLeft).toBe(42);
    act(() => result.current.stop());
    expect(result.current.secondsLeft).toBe(0);
  });

  it("follows the clock, not the number of ticks (a tab put to sleep)", () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    // The clock jumps 45 s while the timers fire only once.
    act(() => {
      vi.setSystemTime(Date.now() + 45_000);
      vi.advanceTimersByTime(250);
    });
    expect(result.current.secondsLeft).toBe(15);
  });
});

describe("isCompleteCode", () => {
  it("wants exactly six digits", () => {
    expect(isCompleteCode("123456")).toBe(true);
    expect(isCompleteCode("12345")).toBe(false);
    expect(isCompleteCode("12 456")).toBe(false);
    expect(isCompleteCode("1234567")).toBe(false);
    expect(isCompleteCode("12345a")).toBe(false);
  });
});
