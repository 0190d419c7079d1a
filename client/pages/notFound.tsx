import { Link } from "../components/Link";
import type { PageProps } from "../types";

export default function NotFound({ data, page }: PageProps<"notFound">) {
  const text = page.notFound;
  return (
    <section className="page-hero not-found">
      <div className="page-hero-text">
        <h1>{text.code}</h1>
        <p>{text.message}</p>
        <Link to={data.site.links.home} className="button primary">
          {text.linkLabel}
        </Link>
      </div>
    </section>
  );
}
