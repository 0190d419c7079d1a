import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { fill } from "./index";
import en from "./en.json";
import hi from "./hi.json";

const STRINGS = { en, hi };

type Tree = string | Tree[] | { [key: string]: Tree };

/** Every string leaf, by its path ("blogs.foundMany", "months[0]"). */
function leaves(tree: Tree, path = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof tree === "string") return out.set(path, tree);
  const entries = Array.isArray(tree) ? tree.map((v, i) => [`[${i}]`, v] as const) : Object.entries(tree).map(([k, v]) => [path ? `.${k}` : k, v] as const);
  for (const [key, value] of entries) for (const [p, s] of leaves(value, path + key)) out.set(p, s);
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const english = leaves(STRINGS.en);

for (const lang of ["hi"] as const) {
  const other = leaves(STRINGS[lang]);

  test(`${lang} has every key of the English, in the same shape, and no other`, () => {
    assert.deepEqual([...other.keys()].sort(), [...english.keys()].sort());
  });

  test(`${lang} templates keep every {placeholder} of the English`, () => {
    for (const [path, text] of english) {
      // The time of day is written differently in each language: its variables are free to differ.
      if (path === "hours.time") continue;
      assert.deepEqual(placeholders(other.get(path) ?? ""), placeholders(text), path);
    }
  });

  test(`${lang} is written in its own script`, () => {
    for (const [path, text] of other) {
      // The time's template has no words; the switch names the other language in that language.
      if (path === "hours.time" || path.startsWith("otherLanguage.")) continue;
      assert.match(text, /[\u0900-\u097F]/, `${path}: "${text}"`);
    }
  });
}

test("fill replaces each known placeholder and leaves others as written", () => {
  assert.equal(fill("Found {n} blogs", { n: 4 }), "Found 4 blogs");
  assert.equal(fill("See all {n} in {category}", { n: 5, category: "Sleep" }), "See all 5 in Sleep");
  assert.equal(fill("{a} and {b}", { a: 1 }), "1 and {b}");
});

/** Every .tsx file of the interface, with its text. */
function components(): [string, string][] {
  const dirs = ["client", "client/components", "client/pages"];
  return dirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith(".tsx") && !f.endsWith(".test.tsx"))
      .map((f) => [join(dir, f), readFileSync(join(dir, f), "utf8")] as [string, string]),
  );
}

/** Where a component writes words itself: text between tags, and attributes a person reads or hears. */
function ownWords(file: string, source: string): string[] {
  const found: string[] = [];
  const spoken = new Set(["aria-label", "title", "placeholder", "alt", "label", "submitLabel"]);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) found.push(`${file}: text "${node.text.trim()}"`);
    if (ts.isJsxAttribute(node) && spoken.has(node.name.getText()) && node.initializer && ts.isStringLiteral(node.initializer)) {
      found.push(`${file}: ${node.name.getText()}="${node.initializer.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX));
  return found;
}

test("no component writes words of its own: every visible or spoken text comes from the language files", () => {
  assert.deepEqual(components().flatMap(([file, source]) => ownWords(file, source)), []);
  // The check itself finds both kinds.
  assert.equal(ownWords("x.tsx", '<p title="Hello">Book Now</p>').length, 2);
  assert.deepEqual(ownWords("x.tsx", "<p title={t.x}>{t.y} · {n}</p>"), []);
});
