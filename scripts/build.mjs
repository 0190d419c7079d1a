// Builds the bundles with esbuild:
//   <out>/ssr.js               plain ES2020 script defining globalThis.render(url, dataJson)
//   <out>/sw.js                the service worker, a classic script (src/seo/service_worker.rs serves it at
//                              /sw.js with its WORKER_CONFIG in front)
//   <out>/client/assets/*      browser ESM split per page, content-hashed, each with .br and .gz twins
//   <out>/client/manifest.json which files a page of each kind and each language needs (read by src/embedded/assets.rs)
//   <out>/font-subset/*        the Devanagari font subsets (scripts/font-subset.mjs), copied hashed into assets
// Usage: node scripts/build.mjs [outdir]   (default: dist)
import { build } from "esbuild";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { basename, dirname, extname, join, relative } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import {
  codePointsOf,
  codePointsOfRange,
  subsetFace,
  switchFace,
  textFiles,
  unicodeRange,
  WEIGHTS,
} from "./font-subset.mjs";

const out = process.argv[2] ?? "dist";
const assetsDir = join(out, "client", "assets");
const common = {
  bundle: true,
  minify: true,
  target: "es2020",
  jsx: "automatic",
  legalComments: "none",
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
};

await rm(out, { recursive: true, force: true });

await build({
  ...common,
  entryPoints: ["ssr/entry.tsx"],
  outfile: join(out, "ssr.js"),
  format: "iife",
  platform: "neutral",
  mainFields: ["browser", "module", "main"],
  conditions: ["browser"],
  loader: { ".css": "empty", ".woff2": "empty" },
});

await build({
  ...common,
  entryPoints: ["client/sw/worker.ts"],
  outfile: join(out, "sw.js"),
  format: "iife",
  platform: "browser",
});

// The language files' `server` section is for the Rust server only (src/i18n/words.rs): the browser's copy leaves it out.
const browserWords = {
  name: "browser-words",
  setup(b) {
    b.onLoad({ filter: /client[\\/]i18n[\\/]\w+\.json$/ }, async (args) => {
      const { server: _, ...words } = JSON.parse(await readFile(args.path, "utf8"));
      return { contents: JSON.stringify(words), loader: "json" };
    });
  },
};

// The Noto Sans Devanagari subsets (scripts/font-subset.mjs), written outside the served folder for esbuild to
// hash and copy like any font of styles.css, and their @font-face rules, which take the place of the marker in
// styles.css. No local(): the head preloads the file anyway. font-display: optional, as styles.css says why.
const SUBSET_MARKER = "/* devanagari-subset-faces */";
const subsetDir = join(out, "font-subset");
await mkdir(subsetDir, { recursive: true });
const text = await codePointsOf(await textFiles());
const subsetFaces = [];
for (const weight of WEIGHTS) {
  const { woff2, codePoints } = await subsetFace(weight, text);
  const file = join(subsetDir, `noto-sans-devanagari-subset-${weight}.woff2`);
  await writeFile(file, woff2);
  subsetFaces.push({ weight, file, codePoints });
}
// The English pages' language switch ("हिंदी") in a face of its own, preloaded on those pages and shown once it
// has come (font-display: block: the word is the way to the Hindi edition, never a row of empty boxes).
const switchWord = JSON.parse(await readFile("client/i18n/en.json", "utf8")).otherLanguage.name;
const switchFile = join(subsetDir, "noto-sans-devanagari-switch.woff2");
const switchSubset = await switchFace(switchWord);
await writeFile(switchFile, switchSubset.woff2);
// A full face stands in only for what its subset lacks: its unicode-range becomes the rest of its own, so that
// while the subset is on its way (or skipped, font-display: optional) the browser never fetches the full face
// for a character the subset has.
const fullFaceRule = /(@font-face\s*{[^}]*"Noto Sans Devanagari";[^}]*font-weight:\s*(\d+);[^}]*unicode-range:\s*)([^;]+);/g;
const restOf = (range, weight) => {
  const { codePoints } = subsetFaces.find((face) => face.weight === Number(weight));
  return unicodeRange([...codePointsOfRange(range)].filter((c) => !codePoints.has(c)));
};
const devanagariSubset = {
  name: "devanagari-subset",
  setup(b) {
    b.onLoad({ filter: /client[\\/]styles\.css$/ }, async (args) => {
      const css = await readFile(args.path, "utf8");
      if (!css.includes(SUBSET_MARKER)) throw new Error(`${args.path} lacks ${SUBSET_MARKER}`);
      const full = css.replace(fullFaceRule, (_, head, weight, range) => `${head}${restOf(range, weight)};`);
      if (full === css) throw new Error(`${args.path} has no full Noto Sans Devanagari faces to narrow`);
      const rules = subsetFaces.map(
        ({ weight, file, codePoints }) =>
          `@font-face { font-family: "Noto Sans Devanagari"; font-style: normal; font-weight: ${weight}; ` +
          `font-display: optional; src: url(${JSON.stringify(relative(dirname(args.path), file))}) format("woff2"); ` +
          `unicode-range: ${unicodeRange(codePoints)}; }`,
      );
      rules.push(
        `@font-face { font-family: "Noto Sans Devanagari switch"; font-style: normal; font-weight: 100 900; ` +
          `font-display: block; src: url(${JSON.stringify(relative(dirname(args.path), switchFile))}) format("woff2"); ` +
          `unicode-range: ${unicodeRange(switchSubset.codePoints)}; }`,
      );
      return { contents: full.replace(SUBSET_MARKER, rules.join("\n")), loader: "css", resolveDir: dirname(args.path) };
    });
  },
};

const pageFiles = (await readdir("client/pages")).filter((f) => f.endsWith(".tsx")).map((f) => join("client/pages", f));
const client = await build({
  ...common,
  entryPoints: ["client/main.ts", "client/hydrate.tsx", ...pageFiles],
  outdir: assetsDir,
  format: "esm",
  splitting: true,
  platform: "browser",
  entryNames: "[name]-[hash]",
  chunkNames: "chunk-[hash]",
  assetNames: "[name]-[hash]",
  loader: { ".woff2": "file" }, // fonts named in styles.css: hashed and copied beside the CSS
  plugins: [browserWords, devanagariSubset],
  metafile: true,
});

// Output paths in the metafile are relative to the working directory; the site serves them at /assets/.
const url = (file) => `/assets/${relative(assetsDir, file)}`;
const outputs = Object.entries(client.metafile.outputs);
const outputOf = (entry) => outputs.find(([, o]) => o.entryPoint === entry);
// The static imports of a chunk, transitively: what a modulepreload of that page should fetch.
const staticImports = (file, seen = new Set()) => {
  for (const imp of client.metafile.outputs[file].imports) {
    if (imp.kind === "import-statement" && !seen.has(imp.path)) {
      seen.add(imp.path);
      staticImports(imp.path, seen);
    }
  }
  return seen;
};
const chunkWithImports = (file) => [url(file), ...[...staticImports(file)].map(url)];

const [mainFile, mainOutput] = outputOf("client/main.ts");
const manifest = {
  entry: chunkWithImports(mainFile),
  // What the entry loads after first paint (client/main.ts): React, the app and their chunks.
  hydrate: chunkWithImports(outputOf("client/hydrate.tsx")[0]),
  css: [url(mainOutput.cssBundle)],
  // The fonts a page in each language needs before its first paint, for <link rel="preload" as="font"
  // crossorigin> in the head: the body font (latin) everywhere, and the Devanagari subset at both weights
  // the styles use where the text is Hindi (not the full face: only a character edited in after the build
  // needs it); the English pages' language switch its own small face.
  fonts: (() => {
    const fonts = (pattern) => outputs.map(([file]) => file).filter((file) => pattern.test(file)).map(url);
    const latin = fonts(/source-sans-3-latin-wght-normal-\w+\.woff2$/);
    return {
      en: [...latin, ...fonts(/noto-sans-devanagari-switch-\w+\.woff2$/)],
      hi: [...latin, ...fonts(/noto-sans-devanagari-subset-(400|700)-\w+\.woff2$/)],
    };
  })(),
  pages: Object.fromEntries(
    pageFiles.map((page) => [basename(page, extname(page)), chunkWithImports(outputOf(page)[0])]),
  ),
  // Each language's interface words (client/i18n/<lang>.json), a chunk of their own: a page loads the words
  // of its languages only, before it hydrates.
  strings: Object.fromEntries(
    (await readdir("client/i18n"))
      .filter((f) => f.endsWith(".json"))
      .map((f) => {
        const [file] = outputs.find(([, o]) => Object.keys(o.inputs).includes(`client/i18n/${f}`));
        return [basename(f, ".json"), chunkWithImports(file)];
      }),
  ),
};
await writeFile(join(out, "client", "manifest.json"), JSON.stringify(manifest, null, 2));

// Precompress once here so the server never compresses a static asset per request.
await mkdir(assetsDir, { recursive: true });
for (const name of await readdir(assetsDir)) {
  if (name.endsWith(".map") || name.endsWith(".woff2")) continue; // woff2 is compressed already
  const path = join(assetsDir, name);
  const bytes = await readFile(path);
  await writeFile(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${path}.gz`, gzipSync(bytes, { level: 9 }));
}
