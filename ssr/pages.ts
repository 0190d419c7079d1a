// The server renders any page synchronously, so it bundles them all.
import type { PageModules } from "../client/Shell";
import home from "../client/pages/home";
import about from "../client/pages/about";
import appointment from "../client/pages/appointment";
import contact from "../client/pages/contact";
import therapy from "../client/pages/therapy";
import service from "../client/pages/service";
import blogs from "../client/pages/blogs";
import article from "../client/pages/article";
import notFound from "../client/pages/notFound";
import offline from "../client/pages/offline";

export const pages: PageModules = { home, about, appointment, contact, therapy, service, blogs, article, notFound, offline };
