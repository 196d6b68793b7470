import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll, vi } from "vitest";
import i18n, { catalogueComplete } from "@/i18n";

// jsdom lacks a few browser APIs that Radix primitives and the layout call (ResizeObserver,
// pointer capture, scrollIntoView), and its scrollTo only logs "not implemented".
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver = ResizeObserverStub;
Element.prototype.hasPointerCapture = () => false;
Element.prototype.releasePointerCapture = () => {};
Element.prototype.setPointerCapture = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};
window.scrollTo = () => {};

// findBy* and waitFor give up after 1 s by default; with 44 files on two cores a first render that
// fetches its page's code can take longer (CI failed once so at 1.26 s), without being wrong.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await i18n.changeLanguage("en");
  // Components are tested on their own too, outside a page that is loaded on demand.
  await catalogueComplete();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
