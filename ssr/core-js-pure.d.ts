// core-js-pure ships no type declarations; this module exports the standard class.
declare module "core-js-pure/stable/url-search-params/index.js" {
  const URLSearchParams: typeof globalThis.URLSearchParams;
  export default URLSearchParams;
}
