import { useEffect, useState } from "react";
import { Link } from "../components/Link";
import { keptPageList, readKeptPages, type KeptPage } from "../lib/keptPages";
import { HELPLINES, telHref } from "../lib/phones";
import type { PageProps } from "../types";

/**
 * What the service worker shows for a page this device has not kept when the connection is down (and at
 * /offline). A phone call needs no data: the helplines come first, then the clinic's phones, then the pages
 * that do open offline, read from the worker's caches once the page is in the browser.
 */
export default function Offline({ data, page }: PageProps<"offline">) {
  const text = page.offline;
  // null until read: the server has no device to read, so the list is the browser's alone.
  const [kept, setKept] = useState<KeptPage[] | null>(null);
  useEffect(() => {
    let current = true;
    readKeptPages()
      .then((pages) => current && setKept(keptPageList(pages, [window.location.pathname + window.location.search])))
      .catch(() => current && setKept([]));
    return () => {
      current = false;
    };
  }, []);

  return (
    <>
      <section className="page-hero">
        <div className="page-hero-text">
          <h1>{text.heading}</h1>
          <p>{text.message}</p>
        </div>
      </section>
      <div className="offline">
        <section aria-labelledby="offline-help">
          <h2 id="offline-help">{text.helpHeading}</h2>
          <ul className="phone-list">
            <li>
              <a className="button primary" href={telHref(HELPLINES.emergency)}>{HELPLINES.emergency}</a>
              <span>{text.emergency}</span>
            </li>
            <li>
              <a className="button primary" href={telHref(HELPLINES.teleManas)}>{HELPLINES.teleManas}</a>
              <span>{text.teleManas}</span>
            </li>
          </ul>
        </section>
        <section aria-labelledby="offline-clinic">
          <h2 id="offline-clinic">{text.clinicHeading}</h2>
          <ul className="phone-list">
            {data.site.phones.map((phone) => (
              <li key={phone}>
                <a className="button" href={telHref(phone)}>{phone}</a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="offline-kept">
          <h2 id="offline-kept">{text.keptHeading}</h2>
          {kept === null ? null : kept.length === 0 ? (
            <p>{text.keptNone}</p>
          ) : (
            <>
              <p>{text.keptIntro}</p>
              <ul className="kept-pages">
                {kept.map((p) => (
                  <li key={p.href}>
                    <Link to={p.href} lang={p.lang === data.lang ? undefined : p.lang}>{p.title}</Link>
                  </li>
                ))}
              </ul>
            </>
          )}
          <p>
            <button type="button" className="button" onClick={() => window.location.reload()}>{text.retryLabel}</button>
          </p>
        </section>
      </div>
    </>
  );
}
