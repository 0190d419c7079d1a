import type { Image } from "../types";

/**
 * An image from the content set, always with its intrinsic size so it reserves its space. A raster picture
 * comes with the build's copies (AVIF, WebP and a fallback at several widths) and is shown as a `<picture>`;
 * vector art (SVG, sharp at every width) as a plain `<img>`. Lazy unless `eager`; `priority` marks the page's
 * LCP image (eager, `fetchpriority="high"`), which the document head also preloads with the same srcset and sizes
 * when the server knows it in advance (`PageData::lcp_image`).
 * `sizes` overrides the data's default (at most the image's own width) where the layout shows it smaller;
 * leave it on a priority image, or its preload and the picture would choose different files.
 */
export function Img({
  image,
  className,
  eager,
  priority,
  sizes,
}: {
  image: Image;
  className?: string;
  eager?: boolean;
  priority?: boolean;
  sizes?: string;
}) {
  const chosenSizes = image.srcset ? (sizes ?? image.sizes) : undefined;
  const img = (
    <img
      src={image.src}
      srcSet={image.srcset}
      sizes={chosenSizes}
      alt={image.alt}
      width={image.width}
      height={image.height}
      className={className}
      loading={eager || priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
    />
  );
  if (!image.sources?.length) return img;
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={chosenSizes} />
      ))}
      {img}
    </picture>
  );
}
