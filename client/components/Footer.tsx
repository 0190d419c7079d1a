import { Link } from "./Link";
import type { Site, Translation } from "../types";
import { fill, fillParts, useStrings } from "../i18n";
import { LanguageSwitch } from "./LanguageSwitch";
import { HELPLINES, telHref } from "../lib/phones";

export function Footer({ site, today, translation }: { site: Site; today: string; translation: Translation }) {
  const t = useStrings();
  const year = today.slice(0, 4);
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section>
          <h2>{site.instituteName}</h2>
          <p>{site.description}</p>
          <p>
            <LanguageSwitch translation={translation} />
          </p>
        </section>
        <nav aria-label={t.footer.label}>
          <h2>{t.footer.quickLinks}</h2>
          <ul>
            <li><Link to={site.links.home}>{t.nav.home}</Link></li>
            <li><Link to={site.links.about}>{t.nav.about}</Link></li>
            <li><Link to={site.links.blogs}>{t.footer.blogs}</Link></li>
            <li><Link to={site.links.contact}>{t.nav.contact}</Link></li>
          </ul>
        </nav>
        <nav aria-label={t.footer.services}>
          <h2>{t.footer.services}</h2>
          <ul>
            {site.services.map((s) => (
              <li key={s.path}><Link to={s.path}>{s.title}</Link></li>
            ))}
          </ul>
        </nav>
        <section>
          <h2>{t.footer.contact}</h2>
          <address>
            <p>{site.address}</p>
            {site.phones.map((phone) => (
              <p key={phone}><a href={telHref(phone)}>{phone}</a></p>
            ))}
            <p><a href={`mailto:${site.email}`}>{site.email}</a></p>
          </address>
          <ul className="social">
            {site.social.map((s) => (
              <li key={s.url}><a href={s.url} target="_blank" rel="noopener noreferrer">{s.label}</a></li>
            ))}
          </ul>
        </section>
      </div>
      {/* Any page may name suicide or self-harm (an article, or only its title in a list), so every
          page says where help is at any hour. */}
      <p className="crisis-line">
        <strong>{t.footer.crisisHeading}</strong>{" "}
        {fillParts(t.footer.crisisText, {
          emergency: <a href={telHref(HELPLINES.emergency)}>{HELPLINES.emergency}</a>,
          teleManas: <a href={telHref(HELPLINES.teleManas)}>{HELPLINES.teleManas}</a>,
        })}
      </p>
      <p className="copyright">
        {fill(t.footer.rights, { year, institute: site.instituteName })} {t.footer.poweredBy}{" "}
        <a href={site.poweredBy.url} target="_blank" rel="noopener noreferrer">{site.poweredBy.label}</a>
      </p>
    </footer>
  );
}
