import { Link } from "react-router-dom";
import type { Site } from "../types";

export function Footer({ site, today }: { site: Site; today: string }) {
  const year = today.slice(0, 4);
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section>
          <h2>{site.instituteName}</h2>
          <p>{site.description}</p>
        </section>
        <nav aria-label="Footer">
          <h2>Quick links</h2>
          <ul>
            <li><Link to="/">Home</Link></li>
            <li><Link to="/about">About Us</Link></li>
            <li><Link to="/blogs">Blogs</Link></li>
            <li><Link to="/contact">Contact Us</Link></li>
          </ul>
        </nav>
        <nav aria-label="Services">
          <h2>Services</h2>
          <ul>
            {site.services.map((s) => (
              <li key={s.path}><Link to={s.path}>{s.title}</Link></li>
            ))}
          </ul>
        </nav>
        <section>
          <h2>Contact</h2>
          <address>
            <p>{site.address}</p>
            {site.phones.map((phone) => (
              <p key={phone}><a href={`tel:${phone.replace(/\s+/g, "")}`}>{phone}</a></p>
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
        <strong>Need help now?</strong> If you or someone near you is in danger or thinking of suicide, call{" "}
        <a href="tel:112">112</a> or Tele-MANAS <a href="tel:14416">14416</a> (free, 24x7). Our clinic is not an
        emergency service.
      </p>
      <p className="copyright">
        © {year} {site.instituteName}. All rights reserved. Powered by{" "}
        <a href={site.poweredBy.url} target="_blank" rel="noopener noreferrer">{site.poweredBy.label}</a>
      </p>
    </footer>
  );
}
