import type { ComponentType } from "react";
import type { PageData, PageKind, PageProps, RouteData } from "./types";
import { LangContext, stringsOf } from "./i18n";
import { Header } from "./components/Header";
import { Footer } from "./components/Footer";
import { LinkRouter } from "./components/Link";

/** A page module's component. */
export type PageComponent<K extends PageKind = PageKind> = ComponentType<PageProps<K>>;

/** One component per kind of page; the server imports them all, the browser loads each lazily. */
export type PageModules = { [K in PageKind]: PageComponent<K> };

/** The whole app for one route: the same tree on the server and in the browser, in the page's language. */
export function Shell({ data, Page }: { data: RouteData; Page: PageComponent }) {
  const AnyPage = Page as ComponentType<{ data: RouteData; page: PageData }>;
  return (
    <LangContext.Provider value={data.lang}>
      <LinkRouter path={data.path}>
        <a className="skip-link" href="#main">{stringsOf(data.lang).skipToContent}</a>
        <Header site={data.site} translation={data.translation} />
        <main id="main" tabIndex={-1}>
          <AnyPage data={data} page={data.page} />
        </main>
        <Footer site={data.site} today={data.today} translation={data.translation} />
      </LinkRouter>
    </LangContext.Provider>
  );
}
