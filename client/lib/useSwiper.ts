import { useEffect, useState, type RefObject } from "react";
import type { Swiper } from "swiper";
import type { SwiperOptions } from "swiper/types";
import { prefersReducedMotion } from "./motion";

/** Milliseconds a slide takes to move in (spec section 9: 0.5 s); none when motion is reduced. */
export const SLIDE_SPEED_MS = 500;

/**
 * When a carousel's code loads: once the browser is idle (the hero, whose first move is 5 s away)
 * or when the carousel comes near the screen (the testimonials, far down the page).
 */
export type LoadWhen = "idle" | "near";

/**
 * Turns server-rendered `.swiper > .swiper-wrapper > .swiper-slide` markup into a Swiper. The
 * slides are plain markup until then, so Swiper (about 30 KB gzip) is neither needed for the first
 * paint nor for hydration, and stays off the page's first load. `options` is read once.
 */
export function useSwiper(
  element: RefObject<HTMLElement | null>,
  options: () => SwiperOptions,
  when: LoadWhen,
): Swiper | null {
  const [swiper, setSwiper] = useState<Swiper | null>(null);
  useEffect(() => {
    const el = element.current;
    if (!el) return;
    let instance: Swiper | undefined;
    let cancelled = false;
    const load = () =>
      import("./swiperCore").then(({ createSwiper }) => {
        if (cancelled) return;
        instance = createSwiper(el, { speed: prefersReducedMotion() ? 0 : SLIDE_SPEED_MS, ...options() });
        setSwiper(instance);
      });
    const stopWaiting = when === "idle" ? whenIdle(load) : whenNear(el, load);
    return () => {
      cancelled = true;
      stopWaiting();
      instance?.destroy(true, true);
    };
    // The options are the carousel's constants; the element is there from the first render.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return swiper;
}

function whenIdle(run: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
}

function whenNear(el: HTMLElement, run: () => void): () => void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      run();
    },
    { rootMargin: "400px 0px" },
  );
  observer.observe(el);
  return () => observer.disconnect();
}
