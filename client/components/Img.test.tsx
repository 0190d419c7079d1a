import { test } from "node:test";
import assert from "node:assert/strict";
import { renderToString } from "react-dom/server";
import { Img } from "./Img";
import type { Image } from "../types";

const svg: Image = { src: "/images/hero-1.svg", alt: "Hills", width: 1600, height: 900 };
const photo: Image = {
  src: "/images/room.jpg",
  alt: "The waiting room",
  width: 1200,
  height: 800,
  sources: [
    { type: "image/avif", srcset: "/img/room-480.avif 480w, /img/room-1200.avif 1200w" },
    { type: "image/webp", srcset: "/img/room-480.webp 480w, /img/room-1200.webp 1200w" },
  ],
  srcset: "/img/room-480.jpg 480w, /img/room-1200.jpg 1200w",
  sizes: "(max-width: 1200px) 100vw, 1200px",
};

test("vector art is a plain lazy img with its size and no srcset", () => {
  const html = renderToString(<Img image={svg} className="hero-bg" />);
  assert.equal(
    html,
    '<img src="/images/hero-1.svg" alt="Hills" width="1600" height="900" class="hero-bg" loading="lazy" decoding="async"/>',
  );
});

test("a photo is a picture: AVIF, then WebP, then the fallback img, all at the data's sizes", () => {
  const html = renderToString(<Img image={photo} />);
  assert.match(html, /^<picture><source type="image\/avif" srcSet="\/img\/room-480\.avif 480w, \/img\/room-1200\.avif 1200w"/);
  assert.match(html, /<source type="image\/webp" srcSet="\/img\/room-480\.webp 480w, [^"]+" sizes="\(max-width: 1200px\) 100vw, 1200px"\/>/);
  assert.match(html, /<img src="\/images\/room\.jpg" srcSet="\/img\/room-480\.jpg 480w, \/img\/room-1200\.jpg 1200w" sizes="\(max-width: 1200px\) 100vw, 1200px"/);
  assert.match(html, /width="1200" height="800" loading="lazy" decoding="async"\/><\/picture>$/);
  assert.doesNotMatch(html, /fetchPriority/i);
});

test("a layout that shows the picture smaller gives its own sizes to every source", () => {
  const html = renderToString(<Img image={photo} sizes="(min-width: 900px) 33vw, 100vw" />);
  assert.equal(html.match(/sizes="\(min-width: 900px\) 33vw, 100vw"/g)?.length, 3);
});

test("the LCP image loads at once with high priority; eager alone keeps the default priority", () => {
  for (const image of [svg, photo]) {
    const html = renderToString(<Img image={image} priority />);
    assert.match(html, /loading="eager" fetchPriority="high"/);
  }
  const eager = renderToString(<Img image={svg} eager />);
  assert.match(eager, /loading="eager"/);
  assert.doesNotMatch(eager, /fetchPriority/i);
});
