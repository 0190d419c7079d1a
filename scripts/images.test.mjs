// The image pipeline (scripts/images.mjs) on a content folder made here: a photograph-like JPEG larger than
// every width, a small PNG with transparency, a JPEG taken sideways (EXIF orientation 6), vector art and the
// logo that site.toml names. Checks each output's format and pixel size, the manifest, and that a second run
// takes everything from the cache.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { buildImages, icoFromPng, logoOf, widthsFor } from "./images.mjs";

/** A w x h RGB picture with gradients and blocks, so encoders have detail to keep. */
function photoPixels(w, h) {
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      raw[i] = (x * 255) / w;
      raw[i + 1] = (y * 255) / h;
      raw[i + 2] = ((x >> 4) ^ (y >> 4)) & 1 ? 190 : 70;
    }
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } });
}

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
  <circle cx="32" cy="32" r="31" fill="#1f5f5b"/></svg>`;
const ART = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <rect width="800" height="600" fill="#f3e9d2"/><circle cx="400" cy="300" r="200" fill="#e07a5f"/></svg>`;

async function fixture() {
  const root = await mkdtemp(join(tmpdir(), "images-test-"));
  const content = join(root, "content");
  await mkdir(join(content, "images", "photos"), { recursive: true });
  await writeFile(join(content, "site.toml"), 'instituteName = "X"\nlogo = { src = "/images/logo.svg", alt = "", width = 64, height = 64 }\n');
  await photoPixels(2000, 1333).jpeg({ quality: 90 }).toFile(join(content, "images", "photos", "room.jpg"));
  // Stored 300 wide and 200 high, shown upright as 200 x 300.
  await photoPixels(300, 200).jpeg().withMetadata({ orientation: 6 }).toFile(join(content, "images", "sideways.jpg"));
  await sharp({ create: { width: 600, height: 400, channels: 4, background: { r: 31, g: 95, b: 91, alpha: 0.5 } } })
    .png()
    .toFile(join(content, "images", "badge.png"));
  await writeFile(join(content, "images", "art.svg"), ART);
  await writeFile(join(content, "images", "logo.svg"), LOGO);
  await writeFile(join(content, "images", "notes.txt"), "not an image");
  return { root, content, out: join(root, "out"), cache: join(root, "cache") };
}

/** The file behind a /img/ URL, with sharp's reading of it. */
async function output(out, url) {
  assert.ok(url.startsWith("/img/"), url);
  const bytes = await readFile(join(out, "files", url.slice("/img/".length)));
  return { bytes, meta: await sharp(bytes).metadata() };
}

const candidates = (srcset) => srcset.split(", ").map((c) => c.split(" "));

test("widths are those up to the source's own, plus its own when it is narrower than the widest", () => {
  assert.deepEqual(widthsFor(2400), [480, 768, 1200, 1600]);
  assert.deepEqual(widthsFor(1600), [480, 768, 1200, 1600]);
  assert.deepEqual(widthsFor(1000), [480, 768, 1000]);
  assert.deepEqual(widthsFor(300), [300]);
});

test("the logo is the one site.toml names", () => {
  assert.equal(logoOf('name = "x"\nlogo = { src = "/images/brand/mark.png", alt = "", width = 1, height = 1 }'), "/images/brand/mark.png");
  assert.equal(logoOf("name = 'x'"), null);
});

test("an .ico wraps the PNG with a one-image directory", () => {
  const ico = icoFromPng(Buffer.from("PNGDATA"), 32);
  assert.deepEqual([...ico.subarray(0, 8)], [0, 0, 1, 0, 1, 0, 32, 32]);
  assert.equal(ico.readUInt32LE(14), 7);
  assert.equal(ico.readUInt32LE(18), 22);
  assert.equal(ico.subarray(22).toString(), "PNGDATA");
});

test("the pipeline makes every copy at its size and format, and a second run encodes nothing", async (t) => {
  const dirs = await fixture();
  t.after(() => rm(dirs.root, { recursive: true, force: true }));
  const { manifest, stats } = await buildImages({ contentDir: dirs.content, outDir: dirs.out, cacheDir: dirs.cache });
  assert.deepEqual(Object.keys(manifest.images), ["/images/art.svg", "/images/badge.png", "/images/logo.svg", "/images/photos/room.jpg", "/images/sideways.jpg"]);
  assert.equal(manifest.prefix, "/img/");
  assert.deepEqual([stats.sources, stats.encoded, stats.cached], [5, 5, 0]);

  // A photograph: AVIF, WebP and JPEG at every width under its own 2000 px, each the width it claims.
  const room = manifest.images["/images/photos/room.jpg"];
  const roomBytes = await readFile(join(dirs.content, "images", "photos", "room.jpg"));
  assert.equal(room.sha256, (await import("node:crypto")).createHash("sha256").update(roomBytes).digest("hex"));
  assert.deepEqual([room.width, room.height], [2000, 1333]);
  assert.deepEqual(room.sources.map((s) => s.type), ["image/avif", "image/webp"]);
  const formats = [...room.sources.map((s) => [s.srcset, s.type]), [room.srcset, "image/jpeg"]];
  for (const [srcset, type] of formats) {
    const found = candidates(srcset);
    assert.deepEqual(found.map(([, w]) => w), ["480w", "768w", "1200w", "1600w"], type);
    for (const [url, w] of found) {
      const { meta } = await output(dirs.out, url);
      const width = Number.parseInt(w, 10);
      assert.equal(meta.format, { "image/avif": "heif", "image/webp": "webp", "image/jpeg": "jpeg" }[type], url);
      assert.equal(meta.width, width, url);
      assert.equal(meta.height, Math.round((width * 1333) / 2000), url);
      assert.equal(meta.exif, undefined, `${url} keeps no EXIF`);
    }
  }
  const preview = await output(dirs.out, room.preview.src);
  assert.deepEqual([room.preview.type, preview.meta.format, preview.meta.width, preview.meta.height], ["image/jpeg", "jpeg", 1200, 630]);

  // Transparency keeps a PNG fallback; a 600 px source is never enlarged.
  const badge = manifest.images["/images/badge.png"];
  assert.deepEqual(candidates(badge.srcset).map(([, w]) => w), ["480w", "600w"]);
  for (const [url] of candidates(badge.srcset)) {
    const { meta } = await output(dirs.out, url);
    assert.deepEqual([meta.format, meta.hasAlpha], ["png", true], url);
    assert.ok(meta.width <= 600, url);
  }

  // A photo taken sideways is turned upright: its size and every copy are portrait.
  const sideways = manifest.images["/images/sideways.jpg"];
  assert.deepEqual([sideways.width, sideways.height], [200, 300]);
  const [[uprightUrl]] = candidates(sideways.srcset);
  const upright = await output(dirs.out, uprightUrl);
  assert.deepEqual([upright.meta.width, upright.meta.height], [200, 300]);

  // Vector art keeps its SVG (no copies at widths) and gets a PNG preview.
  const art = manifest.images["/images/art.svg"];
  assert.deepEqual([art.width, art.height, art.sources, art.srcset], [800, 600, undefined, undefined]);
  const artPreview = await output(dirs.out, art.preview.src);
  assert.deepEqual([art.preview.type, artPreview.meta.format, artPreview.meta.width, artPreview.meta.height], ["image/png", "png", 1200, 630]);

  // Only the logo gets icons: square PNGs, the apple-touch one opaque, and a favicon.ico holding the 32 px PNG.
  assert.equal(art.icons, undefined);
  const icons = manifest.images["/images/logo.svg"].icons;
  for (const [url, size] of [[icons.icon32, 32], [icons.appleTouch, 180], [icons.icon192, 192], [icons.icon512, 512]]) {
    const { meta } = await output(dirs.out, url);
    assert.deepEqual([meta.format, meta.width, meta.height], ["png", size, size], url);
  }
  assert.equal((await output(dirs.out, icons.appleTouch)).meta.hasAlpha, false);
  assert.equal((await output(dirs.out, icons.icon192)).meta.hasAlpha, true);
  const ico = await readFile(join(dirs.out, "files", icons.favicon.slice("/img/".length)));
  const inside = await sharp(ico.subarray(ico.readUInt32LE(18))).metadata();
  assert.deepEqual([inside.format, inside.width, inside.height], ["png", 32, 32]);

  // Every URL in the manifest names a file, and nothing else was written.
  const urls = new Set();
  for (const entry of Object.values(manifest.images)) {
    for (const s of entry.sources ?? []) candidates(s.srcset).forEach(([u]) => urls.add(u));
    if (entry.srcset) candidates(entry.srcset).forEach(([u]) => urls.add(u));
    urls.add(entry.preview.src);
    Object.values(entry.icons ?? {}).forEach((u) => urls.add(u));
  }
  const files = (await readdir(join(dirs.out, "files"))).map((f) => `/img/${f}`).sort();
  assert.deepEqual(files, [...urls].sort());
  assert.deepEqual(JSON.parse(await readFile(join(dirs.out, "manifest.json"), "utf8")), manifest);

  // The second run encodes nothing and writes the same files and manifest.
  const again = await buildImages({ contentDir: dirs.content, outDir: dirs.out, cacheDir: dirs.cache });
  assert.deepEqual([again.stats.encoded, again.stats.cached], [0, 5]);
  assert.deepEqual(again.manifest, manifest);
  assert.deepEqual((await readdir(join(dirs.out, "files"))).map((f) => `/img/${f}`).sort(), files);

  // A changed file is encoded again, under a new name (the old URL stays what it was: immutable).
  await photoPixels(900, 600).jpeg().toFile(join(dirs.content, "images", "photos", "room.jpg"));
  const changed = await buildImages({ contentDir: dirs.content, outDir: dirs.out, cacheDir: dirs.cache });
  assert.deepEqual([changed.stats.encoded, changed.stats.cached], [1, 4]);
  const newRoom = changed.manifest.images["/images/photos/room.jpg"];
  assert.deepEqual(candidates(newRoom.srcset).map(([, w]) => w), ["480w", "768w", "900w"]);
  assert.notEqual(newRoom.preview.src, room.preview.src);
});
