import { Link } from "react-router-dom";
import type { PageProps } from "../types";
import { BlogCard } from "../components/BlogCard";
import { FaqList } from "../components/Faq";
import { Img } from "../components/Img";

export default function Home({ page }: PageProps<"home">) {
  const { hero, about, faqs } = page.home;
  return (
    <>
      <section className="hero">
        <Img image={hero.images[0]} className="hero-bg" eager />
        <div className="hero-text">
          <h1>{hero.headline}</h1>
          <p className="hero-sub">{hero.subheadline}</p>
          <p>{hero.intro}</p>
          <Link to="/about" className="button primary">Learn More</Link>
        </div>
      </section>

      <section className="about-block">
        <Img image={about.image} />
        <div>
          <h2>{about.title}</h2>
          {about.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <div className="actions">
            <Link to="/about" className="button primary">Learn More</Link>
            <Link to="/contact" className="button outline">Get in Touch</Link>
          </div>
        </div>
      </section>

      <section className="services-grid" aria-labelledby="services-title">
        <h2 id="services-title">Our Services</h2>
        <ul>
          {page.services.map((s) => (
            <li key={s.path} className="service-card">
              <Img image={s.image} />
              <h3>{s.title}</h3>
              <p>{s.description}</p>
              <Link to={s.path} className="learn-more">
                Learn More<span className="visually-hidden"> about {s.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="blog-teaser" aria-labelledby="blog-teaser-title">
        <h2 id="blog-teaser-title">From our blog</h2>
        <div className="card-grid">
          {page.latestPosts.map((post) => (
            <BlogCard key={post.path} post={post} />
          ))}
        </div>
        <Link to="/blogs" className="button outline">View all Blogs</Link>
      </section>

      <FaqList faqs={faqs} />
    </>
  );
}
