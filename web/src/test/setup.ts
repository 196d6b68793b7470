import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll, vi } from "vitest";
import i18n, { serverEnglishReady } from "@/i18n";

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

beforeAll(async () => {
  await i18n.changeLanguage("en");
  await serverEnglishReady;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
