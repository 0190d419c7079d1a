// Builds the site's image copies with sharp (run by build.rs before the bundles):
//   <out>/files/*        every generated file, named <path>-<hash>-<variant>.<ext>; the hash covers the source's
//                        bytes and the settings below, so the server serves them at /img/ as immutable
//   <out>/manifest.json  for each source (keyed "/images/<path>", as the content refers to it): the sha256 of its
//                        bytes, its intrinsic size and what was made of it (read by src/embedded/images.rs)
// What is made:
//   - raster sources (.jpg, .jpeg, .png): AVIF, WebP and a fallback (JPEG; PNG when the source has transparency)
//     at each of WIDTHS up to the source's width, plus the source's own width when it is under the widest (a copy
//     is never larger than its source). SVG sources are served as they are: sharp at every width, and small.
//   - every source, SVG too: a 1200x630 link-preview copy (cover crop), because link previews ignore SVG: JPEG for
//     photographs; for vector art a palette PNG (flat colours), or the JPEG when that is smaller (wide gradients).
//   - the logo that site.toml names: favicon.ico (32 px), PNG icons of 32, 180 (apple-touch-icon, on white: iOS
//     shows transparency as black), 192 and 512 px.
// Each source's outputs are cached by that hash under node_modules/.cache/clinic-images, so a rebuild encodes only
// what changed. sharp strips EXIF (camera, GPS) from every output and turns photos upright first.
// Usage: node scripts/images.mjs <contentDir> <outDir> [cacheDir]
import sharp from "sharp";
import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { pathToFileURL } from "node:url";

/** Where the server serves the generated files (src/http/static_files.rs). */
export const URL_PREFIX = "/img/";
export const WIDTHS = [480, 768, 1200, 1600];
export const PREVIEW = { width: 1200, height: 630 };
export const ICON_SIZES = [32, 180, 192, 512];
export const DEFAULT_CACHE = "node_modules/.cache/clinic-images";

/** Everything that shapes an output: part of every cache key and file hash, so changing one re-encodes. */
const SETTINGS = {
  version: 2,
  widths: WIDTHS,
  preview: PREVIEW,
  icons: ICON_SIZES,
  avif: { quality: 50, effort: 2 }, // effort 4 (the default) takes about 9x as long for ~5% fewer bytes
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 78, mozjpeg: true },
  png: { compressionLevel: 9, effort: 7 },
  previewPng: { palette: true, quality: 90, effort: 7, compressionLevel: 9 },
  previewJpeg: { quality: 80, mozjpeg: true },
  background: "#ffffff",
};
const RASTER = new Set([".jpg", ".jpeg", ".png"]);
const VECTOR = new Set([".svg"]);

const sha256 = (...parts) => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return hash.digest("hex");
};

/** The widths a raster source of `width` px gets: never wider than the source itself. */
export function widthsFor(width) {
  const widths = WIDTHS.filter((w) => w <= width);
  if (width < WIDTHS[WIDTHS.length - 1] && !widths.includes(width)) widths.push(width);
  return widths;
}

/** The `/images/...` path of the logo that site.toml names (images are inline tables, content/SCHEMA.md). */
export function logoOf(siteToml) {
  return /^\s*logo\s*=\s*\{[^}]*?\bsrc\s*=\s*"([^"]+)"/m.exec(siteToml)?.[1] ?? null;
}

/** A one-image .ico holding a PNG (every browser since 2007 reads PNG inside ICO). */
export function icoFromPng(png, size) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // offset of the PNG
  return Buffer.concat([header, png]);
}

async function walk(dir, prefix = "") {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await walk(join(dir, entry.name), rel)));
    else if (entry.isFile()) found.push(rel);
  }
  return found.sort();
}

const slugOf = (rel) =>
  rel
    .slice(0, rel.length - extname(rel).length)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Encodes every copy of one source: the manifest entry and the files it names. */
async function encode(rel, bytes, { isLogo, hash }) {
  const ext = extname(rel).toLowerCase();
  const vector = VECTOR.has(ext);
  const base = `${slugOf(rel)}-${hash}`;
  const files = new Map();
  const add = (variant, fileExt, data) => {
    const name = `${base}-${variant}.${fileExt}`;
    files.set(name, data);
    return `${URL_PREFIX}${name}`;
  };

  const meta = await sharp(bytes).metadata();
  const upright = (meta.orientation ?? 1) >= 5; // EXIF orientations 5-8 turn the picture a quarter
  const width = upright ? meta.height : meta.width;
  const height = upright ? meta.width : meta.height;
  const entry = { sha256: sha256(bytes), width, height };
  // SVG is rendered at the density that gives each copy its pixel size directly (no blurry upscale).
  const render = (pixelWidth, pixelHeight) => {
    if (!vector) return sharp(bytes).autoOrient();
    const density = Math.min(72 * Math.max(pixelWidth / width, pixelHeight / height), 20000);
    return sharp(bytes, { density: Math.max(density, 1) });
  };

  if (!vector) {
    const opaque = (await sharp(bytes).stats()).isOpaque;
    const [fallbackExt, fallbackType] = opaque ? ["jpg", "image/jpeg"] : ["png", "image/png"];
    const formats = [
      ["avif", "image/avif", (s) => s.avif(SETTINGS.avif)],
      ["webp", "image/webp", (s) => s.webp(SETTINGS.webp)],
      [fallbackExt, fallbackType, (s) => (opaque ? s.flatten({ background: SETTINGS.background }).jpeg(SETTINGS.jpeg) : s.png(SETTINGS.png))],
    ];
    const srcsets = [];
    for (const [fileExt, type, format] of formats) {
      const candidates = [];
      for (const w of widthsFor(width)) {
        const data = await format(render(w, 0).resize({ width: w, withoutEnlargement: true })).toBuffer();
        candidates.push(`${add(w, fileExt, data)} ${w}w`);
      }
      srcsets.push({ type, srcset: candidates.join(", ") });
    }
    const fallback = srcsets.pop();
    entry.sources = srcsets;
    entry.srcset = fallback.srcset;
  }

  const { width: pw, height: ph } = PREVIEW;
  const cover = render(pw, ph)
    .resize(pw, ph, { fit: "cover", position: vector ? "centre" : sharp.strategy.attention })
    .flatten({ background: SETTINGS.background });
  // Vector art: a palette PNG keeps flat colours crisp and small; wide gradients come out smaller as JPEG.
  const jpeg = await cover.clone().jpeg(SETTINGS.previewJpeg).toBuffer();
  const png = vector ? await cover.clone().png(SETTINGS.previewPng).toBuffer() : null;
  entry.preview =
    png && png.length <= jpeg.length
      ? { src: add("og", "png", png), type: "image/png", width: pw, height: ph }
      : { src: add("og", "jpg", jpeg), type: "image/jpeg", width: pw, height: ph };

  if (isLogo) {
    const icon = async (size, background) => {
      let s = render(size, size).resize(size, size, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } });
      if (background) s = s.flatten({ background });
      return s.png(SETTINGS.png).toBuffer();
    };
    const png32 = await icon(32);
    entry.icons = {
      favicon: add("favicon", "ico", icoFromPng(png32, 32)),
      icon32: add("icon-32", "png", png32),
      appleTouch: add("apple-touch-180", "png", await icon(180, SETTINGS.background)),
      icon192: add("icon-192", "png", await icon(192)),
      icon512: add("icon-512", "png", await icon(512)),
    };
  }
  return { entry, files };
}

const exists = (path) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Writes through a temporary name, so a build running beside this one never reads half a file. */
async function writeAtomic(path, data) {
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

/** The entry of one source from the cache, or null when any of its files is missing. */
async function fromCache(cacheDir, key) {
  const record = join(cacheDir, `${key}.json`);
  if (!(await exists(record))) return null;
  const { entry, names } = JSON.parse(await readFile(record, "utf8"));
  for (const name of names) if (!(await exists(join(cacheDir, "files", name)))) return null;
  return { entry, names };
}

/** Runs `task` over `items`, `limit` at a time. */
async function eachLimited(items, limit, task) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Makes the copies of every image under `<contentDir>/images` into `outDir` (emptied first) and writes its
 * manifest. Returns the manifest and counts: sources seen, encoded now, taken from the cache.
 */
export async function buildImages({ contentDir, outDir, cacheDir = DEFAULT_CACHE }) {
  const imagesDir = join(contentDir, "images");
  const siteToml = await readFile(join(contentDir, "site.toml"), "utf8").catch(() => "");
  const logo = logoOf(siteToml);
  const sources = (await walk(imagesDir)).filter((rel) => {
    const ext = extname(rel).toLowerCase();
    return RASTER.has(ext) || VECTOR.has(ext);
  });
  await rm(outDir, { recursive: true, force: true });
  await mkdir(join(outDir, "files"), { recursive: true });
  if (cacheDir) await mkdir(join(cacheDir, "files"), { recursive: true });

  const settings = JSON.stringify(SETTINGS);
  const images = {};
  const stats = { sources: sources.length, encoded: 0, cached: 0, files: 0, bytes: 0 };
  await eachLimited(sources, Math.max(1, Math.min(availableParallelism(), 4)), async (rel) => {
    const src = `/images/${rel}`;
    const isLogo = src === logo;
    const bytes = await readFile(join(imagesDir, rel));
    const key = sha256(settings, "\0", isLogo ? "logo" : "", "\0", bytes);
    let cached = cacheDir ? await fromCache(cacheDir, key) : null;
    let names;
    if (cached) {
      stats.cached++;
      names = cached.names;
      images[src] = cached.entry;
      for (const name of names) await copyFile(join(cacheDir, "files", name), join(outDir, "files", name));
    } else {
      stats.encoded++;
      const { entry, files } = await encode(rel, bytes, { isLogo, hash: key.slice(0, 10) }).catch((e) => {
        throw new Error(`images/${rel}: ${e.message}`);
      });
      names = [...files.keys()];
      images[src] = entry;
      for (const [name, data] of files) {
        await writeFile(join(outDir, "files", name), data);
        if (cacheDir) await writeAtomic(join(cacheDir, "files", name), data);
      }
      if (cacheDir) await writeAtomic(join(cacheDir, `${key}.json`), JSON.stringify({ entry, names }));
    }
    for (const name of names) {
      const { size } = await stat(join(outDir, "files", name)); // read before adding: tasks run interleaved
      stats.files++;
      stats.bytes += size;
    }
  });
  if (logo && !images[logo]) console.warn(`images: site.toml's logo ${logo} is not an image under images/: no icons made`);
  const sorted = Object.fromEntries(Object.keys(images).sort().map((src) => [src, images[src]]));
  const manifest = { prefix: URL_PREFIX, images: sorted };
  await writeFile(join(outDir, "manifest.json"), JSON.stringify(manifest, null, 2));
  return { manifest, stats };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [contentDir, outDir, cacheDir = DEFAULT_CACHE] = process.argv.slice(2);
  if (!contentDir || !outDir) {
    console.error("usage: node scripts/images.mjs <contentDir> <outDir> [cacheDir]");
    process.exit(2);
  }
  const started = Date.now();
  const { stats } = await buildImages({ contentDir, outDir, cacheDir });
  const kb = (stats.bytes / 1024).toFixed(0);
  console.log(
    `images: ${stats.sources} sources (${stats.encoded} encoded, ${stats.cached} from the cache), ` +
      `${stats.files} files, ${kb} KiB, ${Date.now() - started} ms`,
  );
}
