import type { ComponentType } from "react";
import type { PageData, PageKind, PageProps, RouteData } from "./types";
import { LangContext, stringsOf } from "./i18n";
import { Header } from "./components/Header";
import { Footer } from "./components/Footer";
import { LocationProvider, useLocation } from "./location";

/** A page module's component. */
export type PageComponent<K extends PageKind = PageKind> = ComponentType<PageProps<K>>;

/** One component per kind of page; the server imports them all, the browser loads each lazily. */
export type PageModules = { [K in PageKind]: PageComponent<K> };

/** The whole app for one route: the same tree on the server and in the browser, in the page's language. */
export function Shell({ data, Page }: { data: RouteData; Page: PageComponent }) {
  const AnyPage = Page as ComponentType<{ data: RouteData; page: PageData }>;
  const { search } = useLocation();
  // The page is at its own path, where that differs from the address: the service worker shows the offline
  // page, rendered for its own path, at the address of a page it has not kept, and it must hydrate as rendered.
  return (
    <LangContext.Provider value={data.lang}>
      <LocationProvider href={data.path + search}>
        <a className="skip-link" href="#main">{stringsOf(data.lang).skipToContent}</a>
        <Header site={data.site} translation={data.translation} />
        <main id="main" tabIndex={-1}>
          <AnyPage data={data} page={data.page} />
        </main>
        <Footer site={data.site} today={data.today} translation={data.translation} />
      </LocationProvider>
    </LangContext.Provider>
  );
}
