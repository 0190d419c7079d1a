import type { ReactNode } from "react";
import type { FormIntro } from "../types";
import type { FormHandlers } from "../lib/useWhatsAppForm";
import type { Person } from "../lib/whatsapp";
import { useStrings } from "../i18n";
import { Field } from "./Field";

/**
 * The appointment and contact forms: a heading and text, the four required fields of the person writing,
 * the page's own fields (`children`) and the submit button.
 */
export function PersonForm<T extends Person>({
  id,
  intro,
  form,
  handlers: { set, submit },
  submitLabel,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  intro: FormIntro;
  form: T;
  handlers: FormHandlers<T>;
  submitLabel: string;
  children: ReactNode;
}) {
  const t = useStrings().form;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{intro.title}</h2>
      <p>{intro.text}</p>
      <form className="form" onSubmit={submit}>
        <Field label={t.firstName} name="firstName" autoComplete="given-name" required value={form.firstName} onChange={set("firstName")} />
        <Field label={t.lastName} name="lastName" autoComplete="family-name" required value={form.lastName} onChange={set("lastName")} />
        <Field label={t.email} name="email" type="email" autoComplete="email" required value={form.email} onChange={set("email")} />
        <Field label={t.phone} name="phone" type="tel" autoComplete="tel" required value={form.phone} onChange={set("phone")} />
        {children}
        <button type="submit" className="button primary">{submitLabel}</button>
      </form>
    </section>
  );
}
