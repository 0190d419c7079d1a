import { Link, NavLink } from "react-router-dom";
import type { Site } from "../types";
import { Img } from "./Img";

export function Header({ site }: { site: Site }) {
  return (
    <header className="site-header">
      <Link to="/" className="brand">
        <Img image={site.logo} eager />
        <span>{site.instituteName}</span>
      </Link>
      <nav aria-label="Main">
        <ul>
          <li>
            <NavLink to="/" end>
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to="/about">About Us</NavLink>
          </li>
          <li>
            <details className="services-menu">
              <summary>Services</summary>
              <ul>
                {site.services.map((s) => (
                  <li key={s.path}>
                    <NavLink to={s.path}>{s.title}</NavLink>
                  </li>
                ))}
              </ul>
            </details>
          </li>
          <li>
            <NavLink to="/blogs">Blog</NavLink>
          </li>
          <li>
            <NavLink to="/contact">Contact Us</NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
