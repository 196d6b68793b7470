import { useEffect, type ComponentProps } from "react";
import { cn } from "@/lib/utils";

let locks = 0;
let previousOverflow = "";

/**
 * Locks page scrolling while mounted, through the CSSOM (allowed by our CSP).
 *
 * Radix's own overlays lock scrolling with react-remove-scroll, which injects a <style>
 * element; the server's `style-src 'self'` refuses that (a CSP violation on every open).
 * Our dialogs therefore render a plain backdrop plus this lock instead of Radix's Overlay.
 */
export function ScrollLock() {
  useEffect(() => {
    if (locks === 0) {
      previousOverflow = document.body.style.overflow;
      document.body.style.overflow = "hidden";
    }
    locks += 1;
    return () => {
      locks -= 1;
      if (locks === 0) document.body.style.overflow = previousOverflow;
    };
  }, []);
  return null;
}

/** The dimmed layer behind a dialog. */
export function Backdrop({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={cn("fixed inset-0 z-50 bg-black/50", className)} {...props} />;
}
