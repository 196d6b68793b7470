import { useEffect, useState, type ReactNode } from "react";
import type { ToastActionElement, ToastVariant } from "@/components/ui/toast";

// Spec section 9: at most one toast at a time; a dismissed toast is removed after
// 1,000,000 ms (it is already hidden; this only frees the record).
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastInput = {
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
  variant?: ToastVariant;
  /** The failure the toast reports: a conflict (409) offers a way to contact the registry. */
  error?: unknown;
  /**
   * The form or action the toast reports on ("transfer-code"): its success closes the toast
   * (dismissToasts), so a failure's toast is not left standing once the failure is over.
   */
  scope?: string;
};

export type ToasterToast = ToastInput & {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type State = { toasts: ToasterToast[] };

let counter = 0;
let memoryState: State = { toasts: [] };
const listeners = new Set<(state: State) => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setState(next: State) {
  memoryState = next;
  for (const listener of listeners) listener(memoryState);
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      setState({ toasts: memoryState.toasts.filter((t) => t.id !== id) });
    }, TOAST_REMOVE_DELAY),
  );
}

function dismiss(id?: string) {
  for (const t of memoryState.toasts) if (!id || t.id === id) scheduleRemoval(t.id);
  setState({
    toasts: memoryState.toasts.map((t) => (!id || t.id === id ? { ...t, open: false } : t)),
  });
}

/**
 * Closes the toasts about one form or action (their `scope`): called on its success, which may
 * have nothing to say itself (a step that moves on), so that 'Verification Failed' does not
 * outlive the failure.
 */
export function dismissToasts(scope: string) {
  for (const t of memoryState.toasts) if (t.scope === scope) dismiss(t.id);
}

/** Shows a toast; a new toast replaces the one on screen. */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const entry: ToasterToast = {
    ...input,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismiss(id);
    },
  };
  setState({ toasts: [entry, ...memoryState.toasts].slice(0, TOAST_LIMIT) });
  return {
    id,
    dismiss: () => dismiss(id),
    update: (next: ToastInput) => setState({ toasts: memoryState.toasts.map((t) => (t.id === id ? { ...t, ...next } : t)) }),
  };
}

export function useToast() {
  const [state, setLocal] = useState<State>(memoryState);
  useEffect(() => {
    listeners.add(setLocal);
    return () => {
      listeners.delete(setLocal);
    };
  }, []);
  return { ...state, toast, dismiss };
}
