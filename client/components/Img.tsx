import type { Image } from "../types";

/** An image from the content set, always with its intrinsic size so it reserves its space. */
export function Img({ image, className, eager }: { image: Image; className?: string; eager?: boolean }) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      className={className}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}
