// Browser entry, a few hundred bytes: the page paints first and hydrates after. React, the app and the
// page's code (about 80 kB gzip) start loading only once the server's HTML is on screen, so on a slow
// phone they never compete with the stylesheet, the font and the hero image for the first paint.
// The shell names those modules in `data-modules` on this script's tag (src/pages/document.rs); preloading them
// all at once keeps their imports from loading one after another.
import "./styles.css";

/** How long to wait for the first paint at most, should the browser never report one. */
const PAINT_WAIT_MS = 2000;

/**
 * Resolves once the browser reports the first contentful paint (Paint Timing), or after the next frame
 * where that is not reported; at once in a hidden tab, which paints nothing until it is shown.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === "hidden") return resolve();
    if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: "paint", buffered: true });
    document.addEventListener("visibilitychange", () => resolve(), { once: true });
    setTimeout(resolve, PAINT_WAIT_MS);
  });
}

function preloadModules(): void {
  const names = document.querySelector<HTMLScriptElement>("script[data-modules]")?.dataset.modules ?? "";
  for (const href of names.split(" ").filter(Boolean)) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
}

afterFirstPaint()
  .then(() => {
    preloadModules();
    return import("./hydrate");
  })
  .catch((error: unknown) => console.error("loading the app failed", error));
