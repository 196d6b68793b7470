import { useEffect, useEffectEvent, type RefObject } from "react";

/**
 * While `open`, a press anywhere but on the given elements (a menu's button and its panel) calls
 * `dismiss`: the header's menus close as focus leaving them does.
 */
export function useOutsidePress(open: boolean, inside: readonly RefObject<HTMLElement | null>[], dismiss: () => void) {
  const onOutside = useEffectEvent((target: Node) => {
    if (!inside.some((ref) => ref.current?.contains(target))) dismiss();
  });
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => onOutside(event.target as Node);
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);
}
