import { useId } from "react";
import type { Faq } from "../types";
import { useStrings } from "../i18n";

/**
 * FAQ accordion: none open at first; opening one closes the other; clicking the open one closes it. The
 * platform does all three (`<details>` sharing a `name` is an exclusive accordion), so the answers open
 * before the script arrives and without it, and find-in-page opens the answer it finds.
 */
export function FaqList({ faqs, title }: { faqs: Faq[]; title?: string }) {
  const t = useStrings();
  const id = useId();
  return (
    <section className="faq" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title ?? t.common.faqTitle}</h2>
      {faqs.map((faq) => (
        <details className="faq-item" name={`${id}-faq`} key={faq.question}>
          <summary>{faq.question}</summary>
          <div className="faq-answer">
            <p>{faq.answer}</p>
          </div>
        </details>
      ))}
    </section>
  );
}
