// The Noto Sans Devanagari faces cut down at build to the characters the site's text uses (issue 24: the
// full fontsource files, 50 and 54 kB, held back /hi's first paint on slow links). scripts/build.mjs writes
// the subsets and their @font-face rules; scripts/font-subset.test.mjs checks that they hold every character
// of the Hindi edition and shape its conjuncts as the full face does.
import fontverter from "fontverter";
import * as hb from "harfbuzzjs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import subsetFont from "subset-font";

export const WEIGHTS = [400, 700];
export const fullFace = (weight) =>
  `node_modules/@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff2`;

/** The files whose text a page shows: the content (the Hindi edition, and `blog/face-failures.toml`, written in
 *  Hindi, under the English tree) and the client's code and interface words (the English switcher names
 *  "हिंदी"). Tests are left out: the site never shows them. */
export async function textFiles() {
  const files = async (dir, keep) => (await readdir(dir, { recursive: true })).filter(keep).map((f) => join(dir, f));
  return [
    ...(await files("content", (f) => f.endsWith(".toml"))),
    ...(await files("client", (f) => /\.(json|tsx?)$/.test(f) && !/\.test\.tsx?$/.test(f))),
  ].sort();
}

/** Every code point in the files. */
export async function codePointsOf(files) {
  const points = new Set();
  for (const file of files) for (const c of await readFile(file, "utf8")) points.add(c.codePointAt(0));
  return points;
}

/** A woff2 file's cmap: the code points it has a glyph for (harfbuzz reads TrueType, not woff2). */
export async function cmapOf(woff2) {
  const face = new hb.Face(new hb.Blob(await fontverter.convert(woff2, "truetype")));
  return new Set(face.collectUnicodes());
}

/** What the subset keeps besides the text's own characters, so that a small edit rarely finds one missing:
 *  Devanagari digits, danda and double danda, the abbreviation sign, the dotted circle (shown with a stray
 *  mark), the rupee sign, what the face carries outside the Devanagari blocks (space, no-break space, U+02BC,
 *  ZWSP, ZWNJ, ZWJ), and the precomposed nukta letters (क़ to य़). The text writes those as letter + nukta, which
 *  the face draws with the same glyphs; without them in the cmap, FreeType's auto-hinter (Chromium on Linux)
 *  no longer counts those glyphs as Devanagari and places their dot a pixel off. */
const alwaysKept = (cmap) =>
  [...cmap].filter(
    (c) =>
      (c >= 0x0958 && c <= 0x095f) ||
      (c >= 0x0964 && c <= 0x0970) ||
      c === 0x25cc ||
      c === 0x20b9 ||
      (c >= 0x20 && c < 0x0900) ||
      (c >= 0x2000 && c <= 0x206f),
  );

/** The subset of the face at `weight` for `text` (code points), with every layout feature (subset-font's
 *  default, harfbuzz's layout closure: the conjuncts, nukta and matra forms the kept characters form).
 *  `codePoints` is its cmap, read back from the subset itself. */
export async function subsetFace(weight, text) {
  const full = await readFile(fullFace(weight));
  const cmap = await cmapOf(full);
  const keep = new Set([...[...text].filter((c) => cmap.has(c)), ...alwaysKept(cmap)]);
  const woff2 = await subsetFont(full, String.fromCodePoint(...keep), { targetFormat: "woff2" });
  const codePoints = await cmapOf(woff2);
  const lost = [...keep].filter((c) => !codePoints.has(c));
  if (lost.length) throw new Error(`the Devanagari subset lacks ${lost.map(hex).join(", ")}`);
  return { woff2, codePoints };
}

/** The English pages' language switch names the Hindi edition in Devanagari ("हिंदी"), but those pages load no
 *  Devanagari face, and a device without one of its own drew empty boxes. This face holds only the word's
 *  characters (and what shaping them needs), from the bold face the switch's weight (600) uses: 1.3 kB, so
 *  the English pages can preload it and the word always draws. */
export async function switchFace(word) {
  const woff2 = await subsetFont(await readFile(fullFace(700)), word, { targetFormat: "woff2" });
  const codePoints = await cmapOf(woff2);
  const lost = [...word].map((c) => c.codePointAt(0)).filter((c) => !codePoints.has(c));
  if (lost.length) throw new Error(`the language switch's face lacks ${lost.map(hex).join(", ")}`);
  return { woff2, codePoints };
}

const hex = (c) => `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;

/** The code points of a CSS unicode-range ("U+0900-097F, U+20B9"). */
export function codePointsOfRange(range) {
  const points = new Set();
  for (const part of range.split(",")) {
    const [from, to = from] = part.trim().replace(/^U\+/i, "").split("-");
    for (let c = parseInt(from, 16); c <= parseInt(to, 16); c++) points.add(c);
  }
  return points;
}

/** Code points as a CSS unicode-range, runs of consecutive points merged: [0x900, 0x901, 0x905] ->
 *  "U+0900-0901, U+0905". */
export function unicodeRange(codePoints) {
  const sorted = [...codePoints].sort((a, b) => a - b);
  const runs = [];
  for (const c of sorted) {
    const last = runs.at(-1);
    if (last && c === last[1] + 1) last[1] = c;
    else runs.push([c, c]);
  }
  return runs.map(([a, b]) => (a === b ? hex(a) : `${hex(a)}-${hex(b).slice(2)}`)).join(", ");
}
