import { useId, useState } from "react";
import type { Faq } from "../types";
import { useStrings } from "../i18n";

/** FAQ accordion: none open at first; opening one closes the other; clicking the open one closes it. */
export function FaqList({ faqs, title }: { faqs: Faq[]; title?: string }) {
  const t = useStrings();
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  return (
    <section className="faq" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title ?? t.common.faqTitle}</h2>
      {faqs.map((faq, i) => {
        const expanded = open === i;
        return (
          <div className="faq-item" key={faq.question}>
            <h3>
              <button
                type="button"
                id={`${id}-q${i}`}
                aria-expanded={expanded}
                aria-controls={`${id}-a${i}`}
                onClick={() => setOpen(expanded ? null : i)}
              >
                {faq.question}
              </button>
            </h3>
            <div id={`${id}-a${i}`} role="region" aria-labelledby={`${id}-q${i}`} hidden={!expanded}>
              <p>{faq.answer}</p>
            </div>
          </div>
        );
      })}
    </section>
  );
}
