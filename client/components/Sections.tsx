// Blocks shown on several pages, each from its one content file (approach, benefits, team).
import type { Approach, Benefits, PageHero, Step, Team } from "../types";
import { fill, useStrings } from "../i18n";
import { RegistrationLine } from "./RegistrationLine";
import { FlipCard } from "./FlipCard";
import { Img } from "./Img";

/** A page's banner: its image behind the title; service pages pass `service-hero` (500 px tall). */
export function Hero({ hero, className = "page-banner" }: { hero: PageHero; className?: string }) {
  return (
    <section className={`hero ${className}`}>
      <Img image={hero.image} className="hero-bg" priority />
      <div className="hero-text">
        <h1>{hero.title}</h1>
        <p className="hero-sub">{hero.subtitle}</p>
      </div>
    </section>
  );
}

export function ApproachSection({ approach }: { approach: Approach }) {
  return (
    <section className="approach" aria-labelledby="approach-title">
      <h2 id="approach-title">{approach.title}</h2>
      {approach.paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
      <ul className="bullets">
        {approach.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </section>
  );
}

export function BenefitsSection({ benefits }: { benefits: Benefits }) {
  return (
    <section className="benefits-section" aria-labelledby="benefits-title">
      <h2 id="benefits-title">{benefits.title}</h2>
      <p>{benefits.intro}</p>
      <ul className="card-grid plain">
        {benefits.cards.map((card) => (
          <li className="card" key={card.title}>
            <Img image={card.icon} className="icon" />
            <h3>{card.title}</h3>
            <p>{card.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function TeamSection({ team }: { team: Team }) {
  const t = useStrings();
  return (
    <section className="team" aria-labelledby="team-title">
      <h2 id="team-title">{team.title}</h2>
      <ul className="card-grid plain">
        {team.members.map((member) => (
          <li key={member.name}>
            <FlipCard label={fill(t.common.moreAbout, { name: member.name })}>
              <div className="team-front">
                <Img image={member.image} />
                <h3>{member.name}</h3>
                <p className="team-degrees">{member.degrees}</p>
                <p className="team-designation">{member.designation}</p>
                {member.registration && <RegistrationLine registration={member.registration} />}
              </div>
              <div className="team-back">
                <p className="team-back-name">{member.name}</p>
                <ul className="bullets">
                  {member.description.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </div>
            </FlipCard>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Numbered steps (01, 02, …): home's process and a service's how-it-works. */
export function Steps({ steps }: { steps: Step[] }) {
  return (
    <ol className="steps">
      {steps.map((step) => (
        <li key={step.number}>
          <span className="step-number">{step.number}</span>
          <h3>{step.title}</h3>
          <p>{step.description}</p>
        </li>
      ))}
    </ol>
  );
}
