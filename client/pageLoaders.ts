// Each page kind is its own chunk (scripts/build.mjs makes every file in pages/ an entry point),
// so a visitor downloads only the code of the pages they open.
import type { PageKind } from "./types";
import type { PageComponent } from "./Shell";

const loaders: { [K in PageKind]: () => Promise<{ default: PageComponent<K> }> } = {
  home: () => import("./pages/home"),
  about: () => import("./pages/about"),
  appointment: () => import("./pages/appointment"),
  contact: () => import("./pages/contact"),
  therapy: () => import("./pages/therapy"),
  service: () => import("./pages/service"),
  blogs: () => import("./pages/blogs"),
  article: () => import("./pages/article"),
  notFound: () => import("./pages/notFound"),
  offline: () => import("./pages/offline"),
};

export async function loadPage(kind: PageKind): Promise<PageComponent> {
  const module = await loaders[kind]();
  return module.default as PageComponent;
}
