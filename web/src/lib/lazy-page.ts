import { type ComponentType, lazy } from "react";

/**
 * A page whose code is fetched when it is first shown (a chunk of its own), from a module that
 * exports it by name. The router's boundary shows a loading state meanwhile.
 */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
