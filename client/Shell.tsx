import type { ComponentType } from "react";
import type { PageData, PageKind, PageProps, RouteData } from "./types";
import { Header } from "./components/Header";
import { Footer } from "./components/Footer";

/** A page module's component. */
export type PageComponent<K extends PageKind = PageKind> = ComponentType<PageProps<K>>;

/** One component per kind of page; the server imports them all, the browser loads each lazily. */
export type PageModules = { [K in PageKind]: PageComponent<K> };

/** The whole app for one route: the same tree on the server and in the browser. */
export function Shell({ data, Page }: { data: RouteData; Page: PageComponent }) {
  const AnyPage = Page as ComponentType<{ data: RouteData; page: PageData }>;
  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <Header site={data.site} />
      <main id="main" tabIndex={-1}>
        <AnyPage data={data} page={data.page} />
      </main>
      <Footer site={data.site} today={data.today} />
    </>
  );
}
