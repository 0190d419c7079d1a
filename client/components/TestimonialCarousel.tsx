import { useRef } from "react";
import type { Testimonial } from "../types";
import { useSwiper } from "../lib/useSwiper";
import { useStrings } from "../i18n";

/** Spec section 9: 1 testimonial per view with 15 px between; 2 from 768 px with 30; 3 from 1024 px with 40. */
export const TESTIMONIAL_BREAKPOINTS = {
  0: { slidesPerView: 1, spaceBetween: 15 },
  768: { slidesPerView: 2, spaceBetween: 30 },
  1024: { slidesPerView: 3, spaceBetween: 40 },
};

/** Loops in both directions with previous and next buttons; it does not move by itself. */
export function TestimonialCarousel({ title, testimonials }: { title: string; testimonials: Testimonial[] }) {
  const t = useStrings();
  const slides = useRef<HTMLDivElement>(null);
  const swiper = useSwiper(
    slides,
    () => ({
      loop: true,
      breakpoints: TESTIMONIAL_BREAKPOINTS,
      a11y: { containerRoleDescriptionMessage: t.home.carousel, itemRoleDescriptionMessage: t.home.testimonial },
    }),
    "near",
  );
  return (
    <section className="testimonials" aria-labelledby="testimonials-title">
      <div className="section-head">
        <h2 id="testimonials-title">{title}</h2>
        <div className="carousel-buttons">
          <button type="button" className="carousel-prev" onClick={() => swiper?.slidePrev()}>
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">{t.home.previousTestimonial}</span>
          </button>
          <button type="button" className="carousel-next" onClick={() => swiper?.slideNext()}>
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">{t.home.nextTestimonial}</span>
          </button>
        </div>
      </div>
      <div className="swiper" ref={slides}>
        <div className="swiper-wrapper">
          {testimonials.map((t) => (
            <div className="swiper-slide" key={t.title}>
              <figure className="testimonial card">
                <p className="testimonial-title">{t.title}</p>
                <blockquote>
                  <p>{t.content}</p>
                </blockquote>
                <figcaption>{t.author}</figcaption>
              </figure>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
