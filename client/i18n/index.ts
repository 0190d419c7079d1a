// The words of the interface, one file per language (en.json, hi.json): no component writes a word of its
// own. The server reads the same files' `server` section for the titles and error pages it writes
// (src/i18n/words.rs). A browser downloads only the languages of the page it shows, each its own chunk; the
// server bundle has them all (ssr/entry.tsx). Every language must have every key of the English: handing
// one to `provideStrings` makes a missing key a type error, and strings.test.ts checks the nesting, the
// lists and the {placeholders} besides.
import { createContext, createElement, Fragment, useContext, type ReactNode } from "react";
import type { Lang, RouteData } from "../contract";

/** A language's words as the interface reads them (the `server` section is the Rust server's alone). */
export type Strings = Omit<typeof import("./en.json"), "server">;

const loaders: { [L in Lang]: () => Promise<{ default: Strings }> } = {
  en: () => import("./en.json"),
  hi: () => import("./hi.json"),
};

const loaded: Partial<Record<Lang, Strings>> = {};

/** Makes a language's words available at once (the server has them all from the start). */
export function provideStrings(lang: Lang, strings: Strings): void {
  loaded[lang] = strings;
}

/** Loads the words of these languages, if not yet here. */
export async function loadStrings(langs: readonly Lang[]): Promise<void> {
  await Promise.all(langs.filter((lang) => !loaded[lang]).map(async (lang) => provideStrings(lang, (await loaders[lang]()).default)));
}

/** The words of a language already loaded (`loadStrings` before rendering a page in it). */
export function stringsOf(lang: Lang): Strings {
  const strings = loaded[lang];
  if (!strings) throw new Error(`the ${lang} interface words are not loaded`);
  return strings;
}

/** The languages a page shows: its edition's, and an article's own (face-failures is Hindi in the English edition). */
export function pageLangs(data: RouteData): Lang[] {
  const langs: Lang[] = [data.lang];
  if (data.page.kind === "article") {
    const own = data.page.article.lang;
    if (own in loaders && own !== data.lang) langs.push(own as Lang);
  }
  return langs;
}

/** The language of the page being shown (provided by Shell). */
export const LangContext = createContext<Lang>("en");

export function useLang(): Lang {
  return useContext(LangContext);
}

/** The words of the page's language. */
export function useStrings(): Strings {
  return stringsOf(useLang());
}

/** A template with each `{name}` replaced by a node (a link inside a sentence), as a list React can render. */
export function fillParts(template: string, values: Record<string, ReactNode>): ReactNode[] {
  return template
    .split(/(\{\w+\})/)
    .map((part, i) => createElement(Fragment, { key: i }, /^\{\w+\}$/.test(part) ? (values[part.slice(1, -1)] ?? part) : part));
}

/** A template with each `{name}` replaced by its value: fill("Found {n} blogs", { n: 4 }). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
