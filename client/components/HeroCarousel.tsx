import { useEffect, useState, type ReactNode } from "react";
import { Swiper, SwiperSlide } from "swiper/react";
import { A11y, Autoplay } from "swiper/modules";
import type { Swiper as SwiperInstance } from "swiper";
import type { Image } from "../types";
import { Img } from "./Img";
import { usePrefersReducedMotion } from "../lib/motion";

/** Spec section 9: a new image every 5 s, each sliding in over 0.5 s, wrapping from the last to the first. */
export const HERO_DELAY_MS = 5000;
export const HERO_SPEED_MS = 500;

/**
 * Full-width rotating background images behind fixed text. Auto-advance stops while the pointer or
 * keyboard focus is inside (except on the pause button itself, so that Play plays), can be paused
 * with that button (WCAG 2.2.2), and starts paused when the visitor prefers reduced motion.
 */
const isPauseButton = (el: EventTarget | null) => el instanceof Element && el.closest(".carousel-pause") !== null;

export function HeroCarousel({ images, children }: { images: Image[]; children: ReactNode }) {
  const reduced = usePrefersReducedMotion();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [paused, setPaused] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => setPaused(reduced), [reduced]);
  useEffect(() => {
    if (!swiper || swiper.destroyed) return;
    if (paused || focused) swiper.autoplay.stop();
    else swiper.autoplay.start();
  }, [swiper, paused, focused]);

  return (
    <section
      className="hero home-hero"
      aria-label="Welcome"
      onFocus={(e) => setFocused(!isPauseButton(e.target))}
      onBlur={(e) => {
        const next = e.relatedTarget as Element | null;
        if (!next || !e.currentTarget.contains(next) || isPauseButton(next)) setFocused(false);
      }}
    >
      <Swiper
        className="hero-slides"
        modules={[A11y, Autoplay]}
        loop
        speed={reduced ? 0 : HERO_SPEED_MS}
        autoplay={{ delay: HERO_DELAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true }}
        a11y={{ containerRoleDescriptionMessage: "carousel", itemRoleDescriptionMessage: "slide" }}
        allowTouchMove={false}
        onSwiper={setSwiper}
      >
        {images.map((image, i) => (
          <SwiperSlide key={image.src}>
            <Img image={image} className="hero-bg" eager={i === 0} />
          </SwiperSlide>
        ))}
      </Swiper>
      <div className="hero-text">{children}</div>
      <button type="button" className="carousel-pause" aria-pressed={paused} onClick={() => setPaused(!paused)}>
        <span aria-hidden="true" className={paused ? "icon-play" : "icon-pause"} />
        <span className="visually-hidden">Pause the slideshow</span>
      </button>
    </section>
  );
}
