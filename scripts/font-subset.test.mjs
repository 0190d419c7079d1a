// The Devanagari subset (scripts/font-subset.mjs) built from this tree's text: it holds every character of the
// Hindi edition that the full face has, so that none falls back to the full face (or a system font) unnoticed,
// and it shapes every Hindi word, conjuncts and nukta forms included, exactly as the full face does.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fontverter from "fontverter";
import * as hb from "harfbuzzjs";
import {
  cmapOf,
  codePointsOf,
  codePointsOfRange,
  fullFace,
  subsetFace,
  switchFace,
  textFiles,
  unicodeRange,
  WEIGHTS,
} from "./font-subset.mjs";

// What the Hindi edition shows, listed apart from textFiles() so that a narrower collection fails here.
const hindiFiles = [
  ...(await textFiles()).filter((f) => f.startsWith(join("content", "hi"))),
  join("content", "blog", "face-failures.toml"),
  join("client", "i18n", "hi.json"),
  join("client", "i18n", "en.json"),
];
const text = await codePointsOf(await textFiles());
const run = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const char = (c) => `U+${c.toString(16).toUpperCase().padStart(4, "0")} ${String.fromCodePoint(c)}`;

/** A harfbuzz font from woff2 bytes, and the shaped glyphs of a string as outlines and positions (glyph ids
 *  differ between the subset and the full face; what is drawn must not). */
async function shaper(woff2) {
  const font = new hb.Font(new hb.Face(new hb.Blob(await fontverter.convert(woff2, "truetype"))));
  return (string) => {
    const buffer = new hb.Buffer();
    buffer.addText(string);
    buffer.guessSegmentProperties();
    hb.shape(font, buffer);
    const positions = buffer.getGlyphPositions();
    return buffer.getGlyphInfos().map((g, i) => ({ path: font.glyphToPath(g.codepoint), ...positions[i] }));
  };
}

test("a unicode-range reads back as the code points it names", () => {
  assert.deepEqual([...codePointsOfRange("U+0900-0902, U+20B9")], [0x900, 0x901, 0x902, 0x20b9]);
  const points = [0x20, 0x900, 0x901, 0x903, 0x25cc];
  assert.deepEqual([...codePointsOfRange(unicodeRange(points))], points);
});

test("unicodeRange merges runs of consecutive code points", () => {
  assert.equal(unicodeRange(new Set([0x905, 0x900, 0x901, 0x25cc])), "U+0900-0901, U+0905, U+25CC");
});

for (const weight of WEIGHTS) {
  const full = await readFile(fullFace(weight));
  const { woff2, codePoints } = await subsetFace(weight, text);

  test(`the ${weight} subset holds every character of the Hindi edition that the full face has`, async () => {
    const fullCmap = await cmapOf(full);
    for (const file of hindiFiles) {
      const missing = [...(await codePointsOf([file]))].filter((c) => fullCmap.has(c) && !codePoints.has(c));
      assert.deepEqual(missing.map(char), [], `${file}: characters missing from the subset`);
    }
    // Kept whatever the text: the precomposed nukta letters, danda and double danda, digits, ZWNJ, ZWJ, the
    // dotted circle, the rupee sign.
    const always = [...run(0x0958, 0x095f), ...run(0x0964, 0x096f), 0x200c, 0x200d, 0x25cc, 0x20b9];
    assert.deepEqual(always.filter((c) => !codePoints.has(c)).map(char), []);
    assert.ok(woff2.length < full.length * 0.75, `the subset is ${woff2.length} B, the face ${full.length} B`);
  });

  test(`the ${weight} subset shapes conjuncts, nukta forms and every Hindi word as the full face does`, async () => {
    const [shapeFull, shapeSubset] = [await shaper(full), await shaper(woff2)];
    // क्ष त्र ज्ञ श्र, eyelash ra (र्‍य), explicit half forms (with ZWJ) and virama (ZWNJ), nukta letters (as
    // letter + nukta, and precomposed).
    const precomposed = run(0x0958, 0x095f).map((c) => String.fromCodePoint(c));
    const forms = [
      ...["क्ष", "त्र", "ज्ञ", "श्र", "र्‍य", "क्‍ष", "क्‌ष", "द्ध", "ह्म", "ट्र", "र्क"],
      ...["क़", "ख़", "ग़", "ज़", "ड़", "ढ़", "फ़", ...precomposed],
    ];
    const covered = (s) => [...s].every((c) => codePoints.has(c.codePointAt(0)));
    assert.ok(forms.filter(covered).length >= 22, "the content no longer uses most of these letters: check the list");
    const words = new Set();
    for (const file of hindiFiles) {
      for (const word of (await readFile(file, "utf8")).match(/[\u0900-\u097F\u200C\u200D]+/g) ?? []) words.add(word);
    }
    for (const s of [...forms.filter(covered), ...words]) {
      assert.deepEqual(shapeSubset(s), shapeFull(s), `"${s}" shapes differently in the subset`);
    }
  });
}

test("the English pages' language switch has a face that draws its word as the bold face does", async () => {
  const word = JSON.parse(await readFile(join("client", "i18n", "en.json"), "utf8")).otherLanguage.name;
  assert.equal(word, "हिंदी");
  const { woff2, codePoints } = await switchFace(word);
  assert.ok(woff2.length < 4000, `${woff2.length} bytes: small enough to preload on every English page`);
  for (const c of word) assert.ok(codePoints.has(c.codePointAt(0)), char(c.codePointAt(0)));
  const [subset, full] = await Promise.all([shaper(woff2), readFile(fullFace(700)).then(shaper)]);
  assert.deepEqual(subset(word), full(word));
});
