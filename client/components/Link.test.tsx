import { test } from "node:test";
import assert from "node:assert/strict";
import type { MouseEvent } from "react";
import { renderToString } from "react-dom/server";
import { LocationProvider } from "../location";
import { followsInPlace, Link, NavLink } from "./Link";

const at = (location: string, links: React.ReactNode) => renderToString(<LocationProvider href={location}>{links}</LocationProvider>);

test("a link is a plain anchor with the page's address and the given attributes", () => {
  assert.equal(at("/", <Link to="/blogs?page=2" className="button">Blog</Link>), '<a class="button" href="/blogs?page=2">Blog</a>');
});

test("a menu link is the current page on its own page only, when it ends there", () => {
  const link = <NavLink to="/about" end>About</NavLink>;
  assert.equal(at("/about", link), '<a aria-current="page" href="/about">About</a>');
  assert.equal(at("/about/team", link), '<a href="/about">About</a>');
  assert.equal(at("/contact", link), '<a href="/about">About</a>');
});

test("without end, a menu link is also current on the pages below it, but not on look-alike paths", () => {
  const link = <NavLink to="/services">Services</NavLink>;
  assert.match(at("/services/telepsychiatry", link), /aria-current="page"/);
  assert.doesNotMatch(at("/services-old", link), /aria-current/);
});

test("the home page's link is current on the home page only", () => {
  assert.match(at("/", <NavLink to="/">Home</NavLink>), /aria-current="page"/);
  assert.doesNotMatch(at("/about", <NavLink to="/">Home</NavLink>), /aria-current/);
});

test("a link outside a LocationProvider is a clear error", () => {
  assert.throws(() => renderToString(<Link to="/">Home</Link>), /outside a LocationProvider/);
});

test("only a plain main-button click on a link opening here is followed in place", () => {
  const click = (over: Partial<Record<string, unknown>> = {}, target: string | null = null) =>
    followsInPlace({
      defaultPrevented: false,
      button: 0,
      metaKey: false,
      ctrlKey: false,
      shiftKey: false,
      altKey: false,
      currentTarget: { getAttribute: () => target },
      ...over,
    } as unknown as MouseEvent<HTMLAnchorElement>);
  assert.equal(click(), true);
  assert.equal(click({}, "_self"), true);
  assert.equal(click({}, "_blank"), false, "opens elsewhere");
  for (const key of ["metaKey", "ctrlKey", "shiftKey", "altKey"]) assert.equal(click({ [key]: true }), false, key);
  assert.equal(click({ button: 1 }), false, "middle button");
  assert.equal(click({ defaultPrevented: true }), false, "handled already");
});
