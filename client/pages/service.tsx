import { Link } from "../components/Link";
import type { PageProps } from "../types";
import { DoctorNote, ReviewedBy } from "../components/Credentials";
import { FaqList } from "../components/Faq";
import { Hero, Steps } from "../components/Sections";
import { useStrings } from "../i18n";

export default function Service({ data, page }: PageProps<"service">) {
  const s = page.service;
  const t = useStrings();
  return (
    <>
      <Hero hero={s.hero} className="service-hero" />
      <div className="service-layout">
        <aside aria-labelledby="services-category">
          <h2 id="services-category">{t.service.category}</h2>
          <ul>
            {page.others.map((o) => (
              <li key={o.path}>
                <Link to={o.path}>{o.title}</Link>
              </li>
            ))}
          </ul>
        </aside>
        <div className="service-body">
          <section>
            <h2>{s.title}</h2>
            {s.intro.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
          {page.doctor && <DoctorNote doctor={page.doctor} />}
          <section className="benefits" aria-label={t.service.benefits}>
            {s.benefits.map((b) => (
              <div className="card" key={b.title}>
                <h3>{b.title}</h3>
                <p>{b.description}</p>
              </div>
            ))}
            <ul className="bullets">
              {s.benefitBullets.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="how-it-works">
            <h2 id="how-it-works">{t.service.howItWorks}</h2>
            <Steps steps={s.steps} />
          </section>
          <section>
            <h2>{s.whyChoose.title}</h2>
            {s.whyChoose.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
          <FaqList faqs={s.faqs} />
          <section className="cta">
            <h2>{s.cta.title}</h2>
            <p>{s.cta.text}</p>
            <Link to={data.site.links.appointment} className="button primary">{t.common.bookAppointment}</Link>
          </section>
          {page.review && <ReviewedBy review={page.review} />}
        </div>
      </div>
    </>
  );
}
