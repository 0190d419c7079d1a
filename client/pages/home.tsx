import { Fragment } from "react";
import { Link } from "../components/Link";
import type { PageProps } from "../types";
import { BlogCard } from "../components/BlogCard";
import { FaqList } from "../components/Faq";
import { CircularText } from "../components/CircularText";
import { Counter } from "../components/Counter";
import { HeroCarousel } from "../components/HeroCarousel";
import { Img } from "../components/Img";
import { TestimonialCarousel } from "../components/TestimonialCarousel";
import { ApproachSection, BenefitsSection, Steps, TeamSection } from "../components/Sections";
import { fill, useStrings } from "../i18n";

export default function Home({ data, page }: PageProps<"home">) {
  const t = useStrings();
  const links = data.site.links;
  const { hero, about, reviews, consultations, whyChooseUs, process, testimonials, faqs, location, banner } = page.home;
  return (
    <>
      <HeroCarousel images={hero.images}>
        <h1>{hero.headline}</h1>
        <p className="hero-sub">{hero.subheadline}</p>
        <p>{hero.intro}</p>
        <Link to={links.about} className="button primary">
          <LearnMoreAboutUs />
        </Link>
      </HeroCarousel>

      <section className="about-block">
        <Img image={about.image} />
        <div>
          <h2>{about.title}</h2>
          {about.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <div className="actions">
            <Link to={links.about} className="button primary">
              <LearnMoreAboutUs />
            </Link>
            <Link to={links.contact} className="button outline">{t.common.getInTouch}</Link>
          </div>
        </div>
      </section>

      <section className="reviews two-col" aria-labelledby="reviews-title">
        <div>
          <div className="stats">
            <ul className="avatars" aria-label={t.home.patients}>
              {reviews.avatars.map((a, i) => (
                <li key={i}>
                  <Img image={a} />
                </li>
              ))}
            </ul>
            <p className="stat">
              <strong>
                <Counter target={reviews.count} />
              </strong>{" "}
              {reviews.label}{" "}
              <span className="stars" role="img" aria-label={fill(t.home.stars, { stars: reviews.stars })}>
                {"★".repeat(reviews.stars)}
              </span>
            </p>
            <p className="stat">
              <strong>{reviews.badge}</strong>
            </p>
            <p className="stat">
              <strong>
                <Counter target={consultations.count} />
              </strong>{" "}
              {consultations.label}
            </p>
          </div>
          <h2 id="reviews-title">{reviews.heading}</h2>
          <p>{reviews.vision}</p>
          <ul className="bullets">
            {reviews.mission.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
        <div className="card-grid">
          {reviews.sessionPhotos.map((photo) => (
            <Img key={photo.src} image={photo} />
          ))}
        </div>
      </section>

      <section className="services-grid" aria-labelledby="services-title">
        <h2 id="services-title">{t.home.servicesTitle}</h2>
        <ul>
          {page.services.map((s) => (
            <li key={s.path}>
              <Link to={s.path} className="service-card">
                <Img image={s.image} />
                <h3>{s.title}</h3>
                <p>{s.description}</p>
                <span className="learn-more" aria-hidden="true">
                  {t.common.learnMore}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="why-choose-us two-col" aria-labelledby="why-title">
        <div className="photo-with-badge">
          <Img image={whyChooseUs.image} />
          <CircularText text={data.site.instituteName} logo={data.site.logo} className="rotating-badge" />
        </div>
        <div>
          <p className="eyebrow">{data.site.instituteName}</p>
          <h2 id="why-title">{whyChooseUs.headline}</h2>
          <p>{whyChooseUs.text}</p>
          <ul className="card-grid plain">
            {whyChooseUs.highlights.map((h) => (
              <li key={h.title}>
                <h3>{h.title}</h3>
                <p>{h.description}</p>
              </li>
            ))}
          </ul>
          <Link to={links.contact} className="button primary">{t.common.contactUs}</Link>
        </div>
      </section>

      <BenefitsSection benefits={page.benefits} />
      <ApproachSection approach={page.approach} />
      <TeamSection team={page.team} />

      <section aria-labelledby="process-title">
        <h2 id="process-title">{process.title}</h2>
        <Steps steps={process.steps} />
      </section>

      <section className="blog-teaser" aria-labelledby="blog-teaser-title">
        <h2 id="blog-teaser-title">{t.home.blogTeaserTitle}</h2>
        <div className="card-grid">
          {page.latestPosts.map((post) => (
            <BlogCard key={post.path} post={post} />
          ))}
        </div>
        <Link to={links.blogs} className="button outline">{t.home.viewAllBlogs}</Link>
      </section>

      <TestimonialCarousel title={t.home.testimonialsTitle} testimonials={testimonials} />

      <FaqList faqs={faqs} />

      <section className="location two-col" aria-labelledby="location-title">
        <div>
          <h2 id="location-title">{location.title}</h2>
          <p>{data.site.address}</p>
          <p>{location.text}</p>
          <ul className="landmarks">
            {location.landmarks.map((l) => (
              <li key={l.name}>
                <span>{l.name}</span>
                <span>
                  {l.distance} · {l.time}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <a href={data.site.mapsUrl} target="_blank" rel="noopener noreferrer" aria-label={t.home.openMap}>
          <Img image={location.mapImage} />
        </a>
      </section>

      <section className="booking-banner" aria-labelledby="banner-title">
        <h2 id="banner-title">{banner.title}</h2>
        <p>{banner.text}</p>
        <div className="actions centered">
          <a href={data.site.bookingUrl} target="_blank" rel="noopener noreferrer" className="button primary">
            {t.nav.bookNow}
          </a>
          <Link to={links.appointment} className="button outline">{t.common.getStarted}</Link>
        </div>
      </section>
    </>
  );
}

/** "Learn More", heard by screen readers as the whole phrase in the language's own word order
 *  ("हमारे बारे में और जानें"): the words around the visible label are visually hidden. */
function LearnMoreAboutUs() {
  const t = useStrings();
  return (
    <>
      {t.common.learnMoreAbout
        .split(/(\{learnMore\})/)
        .filter((part) => part !== "")
        .map((part, i) =>
          part === "{learnMore}" ? (
            <Fragment key={i}>{t.common.learnMore}</Fragment>
          ) : (
            <span key={i} className="visually-hidden">
              {part}
            </span>
          ),
        )}
    </>
  );
}
