import { Link } from "react-router-dom";
import type { BlogSummary } from "../types";
import { Img } from "./Img";

export function BlogCard({ post }: { post: BlogSummary }) {
  return (
    <article className="blog-card">
      <Img image={post.image} />
      <div className="blog-card-body">
        <p className="blog-card-category">{post.category}</p>
        <h3>
          <Link to={post.path}>{post.title}</Link>
        </h3>
        <p>{post.description}</p>
        <ul className="tags" aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      </div>
    </article>
  );
}
