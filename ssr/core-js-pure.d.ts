// core-js-pure ships no type declarations; these two modules export the standard classes.
declare module "core-js-pure/stable/url/index.js" {
  const URL: typeof globalThis.URL;
  export default URL;
}
declare module "core-js-pure/stable/url-search-params/index.js" {
  const URLSearchParams: typeof globalThis.URLSearchParams;
  export default URLSearchParams;
}
