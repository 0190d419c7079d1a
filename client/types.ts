// The data contract with Rust: every type a page receives is generated from the Rust types
// (contract.ts, by src/ssr/contract.rs); only the props built from them are written here.
import type { PageData, PageKind, RouteData } from "./contract";

export type * from "./contract";

/** Props of a page component, narrowed to its own kind of page data. */
export interface PageProps<K extends PageKind> {
  data: RouteData;
  page: Extract<PageData, { kind: K }>;
}
