import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/**
 * A native <select>: accessible and keyboard-friendly everywhere, and it needs no injected
 * styles or portals (our CSP refuses run-time <style> tags).
 */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive",
        className,
      )}
      {...props}
    />
  );
}
