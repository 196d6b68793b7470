import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** A centred page column with its h1. */
export function Page({
  title,
  description,
  children,
  width = "default",
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  width?: "narrow" | "default" | "wide";
}) {
  return (
    <div
      className={cn(
        "mx-auto w-full px-4 py-10",
        width === "narrow" && "max-w-md",
        width === "default" && "max-w-3xl",
        width === "wide" && "max-w-6xl",
      )}
    >
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {description ? <p className="mt-2 text-muted-foreground">{description}</p> : null}
      <div className="mt-8">{children}</div>
    </div>
  );
}
