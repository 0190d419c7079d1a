import { useId } from "react";
import type { PageProps } from "../types";
import { Field } from "../components/Field";
import { ApproachSection, Hero } from "../components/Sections";
import { useWhatsAppForm } from "../lib/useWhatsAppForm";
import { contactMessage, type ContactRequest } from "../lib/whatsapp";

const EMPTY: ContactRequest = { firstName: "", lastName: "", email: "", phone: "", query: "" };

export default function Contact({ data, page }: PageProps<"contact">) {
  const c = page.contact;
  const { form, set, submit } = useWhatsAppForm(EMPTY, contactMessage, data.site.whatsappNumber);
  const queryId = useId();

  return (
    <>
      <Hero hero={c.hero} />
      <div className="form-layout">
        <section aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">{c.form.title}</h2>
          <p>{c.form.text}</p>
          <form className="form" onSubmit={submit}>
            <Field label="First name" name="firstName" autoComplete="given-name" required value={form.firstName} onChange={set("firstName")} />
            <Field label="Last name" name="lastName" autoComplete="family-name" required value={form.lastName} onChange={set("lastName")} />
            <Field label="Email" name="email" type="email" autoComplete="email" required value={form.email} onChange={set("email")} />
            <Field label="Phone" name="phone" type="tel" autoComplete="tel" required value={form.phone} onChange={set("phone")} />
            <div className="field wide">
              <label htmlFor={queryId}>Your question (optional)</label>
              <textarea id={queryId} name="query" rows={4} value={form.query} onChange={set("query")} />
            </div>
            <button type="submit" className="button primary">Send Message</button>
          </form>
        </section>
        <aside className="card contact-card">
          <p className="badge">{c.badge}</p>
          <p>{c.badgeLabel}</p>
          <address>
            <p>{data.site.address}</p>
            {data.site.phones.map((phone) => (
              <p key={phone}>
                <a href={`tel:${phone.replace(/\s+/g, "")}`}>{phone}</a>
              </p>
            ))}
            <p>
              <a href={`mailto:${data.site.email}`}>{data.site.email}</a>
            </p>
          </address>
        </aside>
      </div>
      <ApproachSection approach={page.approach} />
    </>
  );
}
