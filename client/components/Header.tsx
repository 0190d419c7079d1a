import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router-dom";
import type { Site } from "../types";
import { Img } from "./Img";
import { useScrolled } from "../lib/useScrolled";

/** Milliseconds the desktop Services menu stays open after the pointer leaves it (spec section 9). */
export const SERVICES_CLOSE_DELAY_MS = 500;

/** The only paths that show the Book Now button (spec section 2). */
const BOOK_NOW_PATHS = new Set(["/", "/about", "/therapy-and-counselling"]);

const LINKS_BEFORE_SERVICES = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About Us" },
];
const LINKS_AFTER_SERVICES = [
  { to: "/blogs", label: "Blog" },
  { to: "/contact", label: "Contact Us" },
];

export function Header({ site }: { site: Site }) {
  const { pathname } = useLocation();
  const scrolled = useScrolled();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const showBookNow = BOOK_NOW_PATHS.has(pathname);

  return (
    <header className={`site-header${scrolled ? " scrolled" : ""}`} data-scrolled={scrolled}>
      <Link to="/" className="brand">
        <Img image={site.logo} eager />
        <span>{site.instituteName}</span>
      </Link>
      <nav aria-label="Main" className="desktop-nav">
        <ul>
          <NavItems links={LINKS_BEFORE_SERVICES} />
          <li>
            <DesktopServices services={site.services} />
          </li>
          <NavItems links={LINKS_AFTER_SERVICES} />
        </ul>
      </nav>
      {showBookNow && (
        <>
          <a className="button primary book-now desktop-only" href={site.bookingUrl} target="_blank" rel="noopener noreferrer">
            Book Now<span className="visually-hidden"> (opens the booking page in a new tab)</span>
          </a>
          <Link className="button primary book-now mobile-only" to="/appointment">
            Book Now
          </Link>
        </>
      )}
      <button
        type="button"
        className="menu-button mobile-only"
        aria-expanded={menuOpen}
        aria-controls="mobile-menu"
        onClick={() => setMenuOpen(true)}
      >
        <span aria-hidden="true" className="hamburger" />
        <span className="visually-hidden">Open menu</span>
      </button>
      {menuOpen && <MobileMenu site={site} onClose={closeMenu} />}
    </header>
  );
}

function NavItems({ links, onNavigate }: { links: { to: string; label: string }[]; onNavigate?: () => void }) {
  return links.map(({ to, label }) => (
    <li key={to}>
      <NavLink to={to} end onClick={onNavigate}>
        {label}
      </NavLink>
    </li>
  ));
}

/** Opens on hover and closes 500 ms after the pointer leaves; the button also toggles it for keyboard and touch. */
function DesktopServices({ services }: { services: Site["services"] }) {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const id = useId();
  const { pathname } = useLocation();

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  const show = () => {
    cancelClose();
    setOpen(true);
  };
  const closeLater = () => {
    cancelClose();
    closeTimer.current = window.setTimeout(() => setOpen(false), SERVICES_CLOSE_DELAY_MS);
  };
  useEffect(() => cancelClose, []);
  // A chosen service closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <div
      className="services-menu"
      onPointerEnter={(e) => e.pointerType === "mouse" && show()}
      onPointerLeave={(e) => e.pointerType === "mouse" && closeLater()}
      onKeyDown={(e) => e.key === "Escape" && setOpen(false)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button type="button" aria-expanded={open} aria-controls={id} onClick={() => (open ? setOpen(false) : show())}>
        Services <span aria-hidden="true" className="chevron" />
      </button>
      <ul id={id} hidden={!open}>
        {services.map((s) => (
          <li key={s.path}>
            <NavLink to={s.path}>{s.title}</NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Tab and Shift+Tab cycle within the open panel, as in any modal dialog. */
function keepFocusInside(container: HTMLElement, e: KeyboardEvent) {
  const focusable = [...container.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")].filter(
    (el) => el.offsetParent !== null,
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/** The small-screen menu: a full-width panel; any link chosen in it closes it, and so does Escape. */
function MobileMenu({ site, onClose }: { site: Site; onClose: () => void }) {
  const [servicesOpen, setServicesOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const servicesId = useId();

  useEffect(() => {
    panel.current?.querySelector<HTMLElement>(".close-button")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
      if (e.key === "Tab" && panel.current) keepFocusInside(panel.current, e);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      // Back to the button that opened it.
      document.querySelector<HTMLElement>(".menu-button")?.focus();
    };
  }, [onClose]);

  return (
    <div className="mobile-menu" id="mobile-menu" ref={panel} role="dialog" aria-modal="true" aria-label="Menu">
      <div className="mobile-menu-top">
        <Link to="/" className="brand" onClick={onClose}>
          <Img image={site.logo} eager />
          <span>{site.instituteName}</span>
        </Link>
        <button type="button" className="close-button" onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">Close menu</span>
        </button>
      </div>
      <nav aria-label="Main">
        <ul>
          <NavItems links={LINKS_BEFORE_SERVICES} onNavigate={onClose} />
          <li>
            <button
              type="button"
              aria-expanded={servicesOpen}
              aria-controls={servicesId}
              onClick={() => setServicesOpen(!servicesOpen)}
            >
              Services <span aria-hidden="true" className="chevron" />
            </button>
            <ul id={servicesId} hidden={!servicesOpen}>
              {site.services.map((s) => (
                <li key={s.path}>
                  <NavLink to={s.path} onClick={onClose}>
                    {s.title}
                  </NavLink>
                </li>
              ))}
            </ul>
          </li>
          <NavItems links={[...LINKS_AFTER_SERVICES, { to: "/appointment", label: "Appointment" }]} onNavigate={onClose} />
        </ul>
      </nav>
    </div>
  );
}
