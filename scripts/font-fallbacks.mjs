// The "Source Sans 3 fallback" @font-face rules of client/styles.css: local system fonts resized and
// given Source Sans 3's vertical metrics, so text set in them while the web font loads takes the same
// room, and the swap (font-display: swap) moves nothing (or next to nothing: the same average width
// still wraps the odd line differently).
//
// Metrics come from @capsizecss/metrics (the fonts' own tables: units per em, ascent, descent, line gap,
// and xWidthAvg, the mean advance of latin text weighted by letter frequency). The arithmetic is
// capsize's createFontStack: size-adjust scales the fallback so its average glyph is as wide as the web
// font's; the overrides are the web font's ascent, descent and line gap in the resized em.
//
//   node scripts/font-fallbacks.mjs          prints the rules (paste them into client/styles.css)
//   node scripts/font-fallbacks.mjs --check  exits 1 unless client/styles.css has exactly these rules
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import arial from "@capsizecss/metrics/arial";
import roboto from "@capsizecss/metrics/roboto";
import sourceSans3 from "@capsizecss/metrics/sourceSans3";

// Source Sans 3's metrics: capsize's (its Regular) for the vertical ones and for weight 400. Bold text is
// wider, and a fallback face only resizes one font file, so weights 600 and 700-900 get faces of their
// own over the fallback's bold file. Their average widths (capsize's xWidthAvg, in font units) were
// measured with @capsizecss/unpack 4.0.1 (fontkit) from @fontsource/source-sans-3 5.3.0's static latin
// files (600, 700), Liberation Sans Bold 2.1 (Arial Bold's metric twin) and @fontsource/roboto 5's Roboto
// Bold; capsize's own collection has no bold metrics.
export const WEB_FONT = { ...sourceSans3, xWidthAvgAt: { 400: sourceSans3.xWidthAvg, 600: 431, 700: 443 } };
const ARIAL_BOLD_X_WIDTH_AVG = 983;
const ROBOTO_BOLD_X_WIDTH_AVG = 926;

// Each fallback family: the name styles.css uses, and per weight the local() names to try and the average
// width of those fonts. Liberation Sans and Arimo are metric-compatible with Arial (same advances and
// vertical metrics), so one family covers Windows and macOS (Arial) and Linux and ChromeOS (Liberation
// Sans, Arimo). Android has no Arial but Roboto, its system font.
export const FALLBACKS = [
  {
    family: "Source Sans 3 fallback",
    metrics: arial,
    faces: [
      { weight: "400", webWeight: 400, xWidthAvg: arial.xWidthAvg, locals: ["Arial", "ArialMT", "Liberation Sans", "LiberationSans", "Arimo", "Arimo-Regular"] },
      { weight: "600", webWeight: 600, xWidthAvg: ARIAL_BOLD_X_WIDTH_AVG, locals: ["Arial Bold", "Arial-BoldMT", "Liberation Sans Bold", "LiberationSans-Bold", "Arimo Bold", "Arimo-Bold"] },
      { weight: "700 900", webWeight: 700, xWidthAvg: ARIAL_BOLD_X_WIDTH_AVG, locals: ["Arial Bold", "Arial-BoldMT", "Liberation Sans Bold", "LiberationSans-Bold", "Arimo Bold", "Arimo-Bold"] },
    ],
  },
  {
    family: "Source Sans 3 fallback Roboto",
    metrics: roboto,
    faces: [
      { weight: "400", webWeight: 400, xWidthAvg: roboto.xWidthAvg, locals: ["Roboto", "Roboto-Regular", "Roboto Regular"] },
      { weight: "600", webWeight: 600, xWidthAvg: ROBOTO_BOLD_X_WIDTH_AVG, locals: ["Roboto Bold", "Roboto-Bold"] },
      { weight: "700 900", webWeight: 700, xWidthAvg: ROBOTO_BOLD_X_WIDTH_AVG, locals: ["Roboto Bold", "Roboto-Bold"] },
    ],
  },
];

const percent = (value) => `${(value * 100).toFixed(2)}%`;

/** capsize's createFontStack arithmetic, for one web font over one fallback font. */
export function overrides(web, fallback) {
  const sizeAdjust = web.xWidthAvg / web.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm);
  const em = web.unitsPerEm * sizeAdjust;
  return {
    sizeAdjust: percent(sizeAdjust),
    ascentOverride: percent(web.ascent / em),
    descentOverride: percent(Math.abs(web.descent) / em),
    lineGapOverride: percent(web.lineGap / em),
  };
}

export function fallbackRules() {
  return FALLBACKS.flatMap(({ family, metrics, faces }) =>
    faces.map(({ weight, webWeight, xWidthAvg, locals }) => {
      const o = overrides({ ...WEB_FONT, xWidthAvg: WEB_FONT.xWidthAvgAt[webWeight] }, { ...metrics, xWidthAvg });
      return [
        "@font-face {",
        `  font-family: "${family}"; font-weight: ${weight};`,
        `  src: ${locals.map((name) => `local("${name}")`).join(", ")};`,
        `  size-adjust: ${o.sizeAdjust}; ascent-override: ${o.ascentOverride}; descent-override: ${o.descentOverride}; line-gap-override: ${o.lineGapOverride};`,
        "}",
      ].join("\n");
    }),
  ).join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rules = fallbackRules();
  if (process.argv.includes("--check")) {
    const css = await readFile(new URL("../client/styles.css", import.meta.url), "utf8");
    if (!css.includes(rules)) {
      console.error("client/styles.css: the fallback @font-face rules differ from these; paste them in:\n" + rules);
      process.exit(1);
    }
    console.log("font fallbacks: client/styles.css matches the metrics");
  } else {
    console.log(rules);
  }
}
