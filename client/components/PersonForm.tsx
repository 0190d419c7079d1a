import type { ReactNode } from "react";
import type { FormIntro, Site } from "../types";
import type { FormHandlers } from "../lib/useWhatsAppForm";
import type { Person } from "../lib/whatsapp";
import { fillParts, useStrings } from "../i18n";
import { useHydrated } from "../lib/hydrated";
import { telHref } from "../lib/phones";
import { Field } from "./Field";

/**
 * The appointment and contact forms: a heading and text, the four required fields of the person writing,
 * the page's own fields (`children`), the submit button, and the clinic's WhatsApp and phones for anyone who
 * would rather not use the form.
 *
 * The visitor's details go nowhere but the WhatsApp message the script builds. The fields have no `name`, so
 * a submission could carry none of them, and the button stays disabled until the script runs (a disabled
 * default button also stops Enter from submitting): before it, or without it, the form cannot send anything
 * to this site, into the address bar or a proxy's logs.
 */
export function PersonForm<T extends Person>({
  id,
  intro,
  form,
  handlers: { set, submit },
  submitLabel,
  site,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  intro: FormIntro;
  form: T;
  handlers: FormHandlers<T>;
  submitLabel: string;
  site: Site;
  children: ReactNode;
}) {
  const strings = useStrings();
  const t = strings.form;
  const live = useHydrated();
  const whatsapp = `https://wa.me/${site.whatsappNumber.replace(/\D/g, "")}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{intro.title}</h2>
      <p>{intro.text}</p>
      <form className="form" onSubmit={submit}>
        <Field label={t.firstName} autoComplete="given-name" required value={form.firstName} onChange={set("firstName")} />
        <Field label={t.lastName} autoComplete="family-name" required value={form.lastName} onChange={set("lastName")} />
        <Field label={t.email} type="email" autoComplete="email" required value={form.email} onChange={set("email")} />
        <Field label={t.phone} type="tel" autoComplete="tel" required value={form.phone} onChange={set("phone")} />
        {children}
        <button type="submit" className="button primary" disabled={!live}>{submitLabel}</button>
        <noscript>
          <p className="wide form-needs-script">{t.needsScript}</p>
        </noscript>
      </form>
      <p className="form-alternatives">
        {fillParts(t.alternatives, {
          whatsapp: <a href={whatsapp} target="_blank" rel="noopener noreferrer">{t.whatsapp}</a>,
          phones: site.phones.map((phone, i) => (
            <span key={phone}>
              {i > 0 && t.or}
              <a href={telHref(phone)}>{phone}</a>
            </span>
          )),
        })}
      </p>
    </section>
  );
}
