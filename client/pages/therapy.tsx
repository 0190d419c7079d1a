import type { PageProps } from "../types";
import { FaqList } from "../components/Faq";
import { Hero } from "../components/Sections";

export default function Therapy({ page }: PageProps<"therapy">) {
  const t = page.therapy;
  return (
    <>
      <Hero hero={t.hero} />
      {/* Under the hero's heading: a lead-in, not a section of its own. */}
      <div className="intro">
        {t.intro.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
      {t.sections.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          {section.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
      <FaqList faqs={t.faqs} />
    </>
  );
}
