import { type ComponentType, lazy } from "react";
import { catalogueComplete } from "@/i18n";

// Props are the loaded component's own; `any` only lets any component's props through the bound.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Exports<K extends string> = Record<K, ComponentType<any>>;

/**
 * A page whose code is fetched when it is first shown (a chunk of its own), from a module that
 * exports it by name, together with the rest of the reader's catalogue (the first load carries
 * only the first pages' words). The router's boundary shows a loading state meanwhile.
 */
// Calls are pure (nothing is fetched until first shown), so the bundler may drop unused ones.
/* @__NO_SIDE_EFFECTS__ */
export function lazyPage<K extends string, M extends Exports<K>>(load: () => Promise<M>, name: K) {
  return lazy(() => Promise.all([load(), catalogueComplete()]).then(([module]) => ({ default: module[name] })));
}
