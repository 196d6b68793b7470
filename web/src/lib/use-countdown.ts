import { useCallback, useEffect, useState } from "react";

type Running = { deadline: number; now: number };

function running(seconds: number): Running | null {
  if (!(seconds > 0)) return null;
  const now = Date.now();
  return { deadline: now + seconds * 1000, now };
}

/**
 * Seconds left until something may be done again (a new SMS code, say). `start(seconds)`
 * (re)starts it; `secondsLeft` counts down to 0 once a second, by the clock, so a tab put to
 * sleep still shows the right time when it wakes.
 */
export function useCountdown(initialSeconds = 0) {
  const [state, setState] = useState<Running | null>(() => running(initialSeconds));
  const deadline = state?.deadline;

  useEffect(() => {
    if (deadline == null) return;
    const timer = window.setInterval(() => {
      const now = Date.now();
      setState((current) => (current == null || now >= current.deadline ? null : { ...current, now }));
    }, 250);
    return () => window.clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => setState(running(seconds)), []);
  const stop = useCallback(() => setState(null), []);
  const secondsLeft = state ? Math.max(0, Math.ceil((state.deadline - state.now) / 1000)) : 0;

  return { secondsLeft, start, stop };
}
