// Registers the service worker (client/sw/worker.ts) once the page has loaded and the browser is idle, so it
// never competes with the first paint or hydration.
import type { KeepFirstPage } from "../lib/offlineStore";

const WORKER_URL = "/sw.js";

export function registerWorkerAfterLoad(): void {
  if (!("serviceWorker" in navigator)) return;
  const idle = (run: () => void) =>
    "requestIdleCallback" in window ? requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000);
  const start = () => idle(() => void register().catch((error: unknown) => console.warn("no offline copies:", error)));
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}

async function register(): Promise<void> {
  const controlled = navigator.serviceWorker.controller !== null;
  await navigator.serviceWorker.register(WORKER_URL);
  if (controlled) return;
  // This page loaded before any worker could see it: hand it over, with the files it used, to be kept.
  const { active } = await navigator.serviceWorker.ready;
  const resources = performance.getEntriesByType("resource").map((entry) => entry.name);
  const message: KeepFirstPage = { type: "keep-first-page", url: window.location.href, resources };
  active?.postMessage(message);
}
