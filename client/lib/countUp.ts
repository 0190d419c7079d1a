import { useEffect, useRef, useState, type RefObject } from "react";
import { prefersReducedMotion } from "./motion";

/** Milliseconds the review and consultation counters take to count up (spec section 9). */
export const COUNT_UP_MS = 5000;

/** The counter's value `elapsed` ms into a count from 0 to `target` over `duration` ms: linear, whole numbers. */
export function countAt(elapsed: number, duration: number, target: number): number {
  if (elapsed <= 0) return 0;
  if (elapsed >= duration) return target;
  return Math.floor((target * elapsed) / duration);
}

/**
 * A number that counts up from 0 to `target` over 5 s once its element is first on screen.
 * The server and the hydrating render show the target itself (what crawlers and no-script
 * visitors should read); with reduced motion it stays there.
 */
export function useCountUp(target: number): [number, RefObject<HTMLElement | null>] {
  const [value, setValue] = useState(target);
  const ref = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || prefersReducedMotion()) return;
    setValue(0);
    let frame = 0;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      const start = performance.now();
      const tick = (now: number) => {
        const elapsed = now - start;
        setValue(countAt(elapsed, COUNT_UP_MS, target));
        if (elapsed < COUNT_UP_MS) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [target]);
  return [value, ref];
}
