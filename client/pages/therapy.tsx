import type { PageProps } from "../types";
import { FaqList } from "../components/Faq";
import { Hero } from "../components/Sections";

export default function Therapy({ page }: PageProps<"therapy">) {
  const t = page.therapy;
  return (
    <>
      <Hero hero={t.hero} />
      <section>
        {t.intro.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </section>
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
