// How the tests drive Debian's Chromium (never a downloaded browser): its path and flags, shared by
// the browser tests (helpers.mjs) and Lighthouse (scripts/lighthouse/audit.mjs).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
