import { useCallback, useEffect, useId, useRef, useState, type RefObject } from "react";
import { Link, NavLink } from "./Link";
import { useLocation } from "../location";
import type { Site, Translation } from "../types";
import { useStrings, type Strings } from "../i18n";
import { Img } from "./Img";
import { LanguageSwitch } from "./LanguageSwitch";
import { useHydrated } from "../lib/hydrated";
import { useScrolled } from "../lib/useScrolled";

/** Milliseconds the desktop Services menu stays open after the pointer leaves it (spec section 9). */
export const SERVICES_CLOSE_DELAY_MS = 500;

type NavLinkItem = { to: string; label: string };

/** The menu's links around Services, in the page's edition and language. */
function navLinks(site: Site, t: Strings): { before: NavLinkItem[]; after: NavLinkItem[] } {
  return {
    before: [
      { to: site.links.home, label: t.nav.home },
      { to: site.links.about, label: t.nav.about },
    ],
    after: [
      { to: site.links.blogs, label: t.nav.blog },
      { to: site.links.contact, label: t.nav.contact },
    ],
  };
}

export function Header({ site, translation }: { site: Site; translation: Translation }) {
  const { pathname } = useLocation();
  const t = useStrings();
  const scrolled = useScrolled();
  // The menu is a popover the button opens with no script at all; the script only follows its state.
  const menu = useRef<HTMLDivElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => (hasPopover() ? menu.current?.hidePopover() : setMenuOpen(false)), []);
  const live = useHydrated();
  // The only pages that show the Book Now button (spec section 2), in either language.
  const showBookNow = [site.links.home, site.links.about, site.links.therapy].includes(pathname);
  const links = navLinks(site, t);

  return (
    <>
      <header className={`site-header${scrolled ? " scrolled" : ""}`} data-scrolled={scrolled}>
        <Link to={site.links.home} className="brand">
          <Img image={site.logo} eager />
          <span>{site.instituteName}</span>
        </Link>
        <nav aria-label={t.nav.main} className="desktop-nav">
          <ul>
            <NavItems links={links.before} />
            <li>
              <DesktopServices services={site.services} />
            </li>
            <NavItems links={links.after} />
          </ul>
        </nav>
        <LanguageSwitch translation={translation} className="desktop-only" />
        {showBookNow && (
          <>
            <a className="button primary book-now desktop-only" href={site.bookingUrl} target="_blank" rel="noopener noreferrer">
              {t.nav.bookNow}
              <span className="visually-hidden">{t.nav.bookNowNewTab}</span>
            </a>
            <Link className="button primary book-now mobile-only" to={site.links.appointment}>
              {t.nav.bookNow}
            </Link>
          </>
        )}
        {/* Before the script, the browser tells assistive technology whether the popover is open. */}
        <button
          type="button"
          className="menu-button mobile-only"
          popoverTarget="mobile-menu"
          aria-expanded={live ? menuOpen : undefined}
          aria-controls="mobile-menu"
          onClick={() => hasPopover() || setMenuOpen(true)}
        >
          <span aria-hidden="true" className="hamburger" />
          <span className="visually-hidden">{t.nav.openMenu}</span>
        </button>
      </header>
      {/* Beside the header, not in its banner: a popover shows in the top layer wherever it stands. */}
      <MobileMenu
        panel={menu}
        open={menuOpen}
        onToggle={setMenuOpen}
        site={site}
        translation={translation}
        onClose={closeMenu}
      />
    </>
  );
}

/** Browsers older than popovers (Chrome 114, Safari 17, Firefox 125) open the menu through the script alone. */
function hasPopover(): boolean {
  return typeof HTMLElement !== "undefined" && typeof HTMLElement.prototype.showPopover === "function";
}

function NavItems({ links, onNavigate }: { links: NavLinkItem[]; onNavigate?: () => void }) {
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
  const { pathname } = useLocation();
  // Open on the page where it was opened: following a service to its page closes it, with no effect to run.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const closeTimer = useRef<number | undefined>(undefined);
  const id = useId();
  const t = useStrings();

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
        {t.nav.services} <span aria-hidden="true" className="chevron" />
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

/**
 * The small-screen menu: a full-width panel, in the page from the start (hidden) so the button names an
 * element that exists. As a popover it opens, closes on Escape and gives focus back with no script; the
 * script adds what a modal dialog does (focus on its close button, Tab kept inside) and closes it when a link
 * is followed in the page.
 */
function MobileMenu({
  panel,
  open,
  onToggle,
  site,
  translation,
  onClose,
}: {
  panel: RefObject<HTMLDivElement | null>;
  open: boolean;
  onToggle: (open: boolean) => void;
  site: Site;
  translation: Translation;
  onClose: () => void;
}) {
  const t = useStrings();
  const links = navLinks(site, t);

  // The popover's own toggle event (React passes onToggle to <details> only).
  useEffect(() => {
    const node = panel.current;
    if (!node) return;
    const toggled = (e: Event) => {
      const opened = (e as ToggleEvent).newState === "open";
      onToggle(opened);
      // Each opening starts with Services folded, as a fresh panel would.
      if (!opened) node.querySelector("details")?.removeAttribute("open");
    };
    node.addEventListener("toggle", toggled);
    return () => node.removeEventListener("toggle", toggled);
  }, [panel, onToggle]);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>(".close-button")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Tab" && panel.current) keepFocusInside(panel.current, e);
      if (e.key === "Escape" && !hasPopover()) onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      // Back to the button that opened it.
      document.querySelector<HTMLElement>(".menu-button")?.focus();
    };
  }, [open, panel, onClose]);

  return (
    <div
      className={`mobile-menu${open && !hasPopover() ? " open" : ""}`}
      id="mobile-menu"
      popover="auto"
      ref={panel}
      role="dialog"
      aria-modal="true"
      aria-label={t.nav.menu}
    >
      <div className="mobile-menu-top">
        <Link to={site.links.home} className="brand" onClick={onClose}>
          <Img image={site.logo} eager />
          <span>{site.instituteName}</span>
        </Link>
        <button
          type="button"
          className="close-button"
          popoverTarget="mobile-menu"
          popoverTargetAction="hide"
          onClick={() => hasPopover() || onClose()}
        >
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t.nav.closeMenu}</span>
        </button>
      </div>
      <nav aria-label={t.nav.main}>
        <ul>
          <NavItems links={links.before} onNavigate={onClose} />
          <li>
            {/* Services toggles its list on click, with or without the script. */}
            <details className="mobile-services">
              <summary>
                {t.nav.services} <span aria-hidden="true" className="chevron" />
              </summary>
              <ul>
                {site.services.map((s) => (
                  <li key={s.path}>
                    <NavLink to={s.path} onClick={onClose}>
                      {s.title}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </details>
          </li>
          <NavItems links={[...links.after, { to: site.links.appointment, label: t.nav.appointment }]} onNavigate={onClose} />
          <li>
            <LanguageSwitch translation={translation} onNavigate={onClose} />
          </li>
        </ul>
      </nav>
    </div>
  );
}
