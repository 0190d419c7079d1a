import type { PageProps } from "../types";
import { FaqList } from "../components/Faq";
import { ApproachSection, BenefitsSection, Hero, TeamSection } from "../components/Sections";

export default function About({ page }: PageProps<"about">) {
  return (
    <>
      <Hero hero={page.about.hero} />
      <ApproachSection approach={page.approach} />
      <BenefitsSection benefits={page.benefits} />
      <TeamSection team={page.team} />
      <FaqList faqs={page.about.faqs} />
    </>
  );
}
