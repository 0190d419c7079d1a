import { Link } from "./Link";
import type { BlogSummary } from "../types";
import { useStrings } from "../i18n";
import { Img } from "./Img";

/** A post's card; `priority` for the one whose image is the page's largest paint (the first on /blogs). */
export function BlogCard({ post, priority }: { post: BlogSummary; priority?: boolean }) {
  const t = useStrings();
  return (
    <article className="blog-card" lang={post.lang}>
      <Img image={post.image} priority={priority} />
      <div className="blog-card-body">
        <p className="blog-card-category">{post.categoryName}</p>
        <h3>
          <Link to={post.path}>{post.title}</Link>
        </h3>
        <p>{post.description}</p>
        <ul className="tags" aria-label={t.common.tags}>
          {post.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      </div>
    </article>
  );
}
