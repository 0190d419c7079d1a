// Debian's Chromium and the launch flags shared by the browser tests (e2e/harness.ts) and Lighthouse
// (bench/lighthouse.mjs); each adds its own headless flag (Playwright "--headless", Lighthouse "--headless=new").

/** The Chromium executable: CHROMIUM_PATH, or Debian's package. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Flags for every headless run, without the headless flag itself. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  // The machine's closed network refuses Chromium's background connections (component updates, sync, field
  // trials); these three flags keep Chromium from trying them during a run.
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
