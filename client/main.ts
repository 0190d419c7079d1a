// Browser entry, a few hundred bytes: the page paints first and hydrates after. React, the app and the
// page's code (about 90 kB gzip) start loading only once the server's HTML is on screen, so on a slow
// phone they never compete with the stylesheet, the font and the hero image for the first paint.
// The shell names those modules in `data-modules` on this script's tag (src/shell.rs); preloading them
// all at once keeps their imports from loading one after another.
import "./styles.css";

/** Resolves after the next frame has been painted; at once in a hidden tab, where frames never come. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === "hidden") resolve();
    else requestAnimationFrame(() => setTimeout(resolve, 0));
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

afterPaint()
  .then(() => {
    preloadModules();
    return import("./hydrate");
  })
  .catch((error: unknown) => console.error("loading the app failed", error));
