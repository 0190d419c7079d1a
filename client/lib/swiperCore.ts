// Swiper itself, in a chunk of its own that the carousels load after hydration (see useSwiper).
import Swiper from "swiper";
import { A11y, Autoplay } from "swiper/modules";
import type { SwiperOptions } from "swiper/types";

export function createSwiper(element: HTMLElement, options: SwiperOptions): Swiper {
  return new Swiper(element, { modules: [A11y, Autoplay], ...options });
}
