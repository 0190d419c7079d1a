import { useEffect, useRef, useState, type ReactNode } from "react";
import type { Image } from "../types";
import { Img } from "./Img";
import { usePrefersReducedMotion } from "../lib/motion";
import { useSwiper } from "../lib/useSwiper";
import { useStrings } from "../i18n";

/** Spec section 9: a new image every 5 s, each sliding in over 0.5 s, wrapping from the last to the first. */
export const HERO_DELAY_MS = 5000;

const isPauseButton = (el: EventTarget | null) => el instanceof Element && el.closest(".carousel-pause") !== null;

/**
 * Full-width rotating background images behind fixed text. Auto-advance stops while the pointer or
 * keyboard focus is inside (except on the pause button itself, so that Play plays), can be paused
 * with that button (WCAG 2.2.2), and starts paused when the visitor prefers reduced motion.
 */
export function HeroCarousel({ images, children }: { images: Image[]; children: ReactNode }) {
  const reduced = usePrefersReducedMotion();
  const t = useStrings();
  const slides = useRef<HTMLDivElement>(null);
  const swiper = useSwiper(
    slides,
    () => ({
      loop: true,
      autoplay: { delay: HERO_DELAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true },
      a11y: { containerRoleDescriptionMessage: t.home.carousel, itemRoleDescriptionMessage: t.home.slide },
      allowTouchMove: false,
    }),
    "idle",
  );
  // The visitor's choice once made (the pause button); until then, their motion preference.
  const [chosen, setPaused] = useState<boolean | null>(null);
  const paused = chosen ?? reduced;
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!swiper || swiper.destroyed) return;
    if (paused || focused) swiper.autoplay.stop();
    else swiper.autoplay.start();
  }, [swiper, paused, focused]);

  return (
    <section
      className="hero home-hero"
      aria-label={t.home.welcome}
      onFocus={(e) => setFocused(!isPauseButton(e.target))}
      onBlur={(e) => {
        const next = e.relatedTarget as Element | null;
        if (!next || !e.currentTarget.contains(next) || isPauseButton(next)) setFocused(false);
      }}
    >
      <div className="swiper hero-slides" ref={slides}>
        <div className="swiper-wrapper">
          {images.map((image, i) => (
            <div className="swiper-slide" key={image.src}>
              <Img image={image} className="hero-bg" eager={i === 0} priority={i === 0} />
            </div>
          ))}
        </div>
      </div>
      <div className="hero-text">{children}</div>
      <button type="button" className="carousel-pause" aria-pressed={paused} onClick={() => setPaused(!paused)}>
        <span aria-hidden="true" className={paused ? "icon-play" : "icon-pause"} />
        <span className="visually-hidden">{t.home.pauseSlideshow}</span>
      </button>
    </section>
  );
}
