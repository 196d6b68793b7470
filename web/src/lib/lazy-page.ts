import { type ComponentType, lazy } from "react";
import { catalogueComplete } from "@/i18n";

/**
 * A page whose code is fetched when it is first shown (a chunk of its own), from a module that
 * exports it by name, together with the rest of the reader's catalogue (the first load carries
 * only the first pages' words). The router's boundary shows a loading state meanwhile.
 */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) {
  return lazy(() => Promise.all([load(), catalogueComplete()]).then(([module]) => ({ default: module[name] })));
}
