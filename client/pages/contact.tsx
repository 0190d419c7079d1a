import { useId } from "react";
import type { PageProps } from "../types";
import { PersonForm } from "../components/PersonForm";
import { ApproachSection, Hero } from "../components/Sections";
import { useWhatsAppForm } from "../lib/useWhatsAppForm";
import { contactMessage, type ContactRequest } from "../lib/whatsapp";
import { useStrings } from "../i18n";
import { telHref } from "../lib/phones";

const EMPTY: ContactRequest = { firstName: "", lastName: "", email: "", phone: "", query: "" };

export default function Contact({ data, page }: PageProps<"contact">) {
  const c = page.contact;
  const t = useStrings();
  const { form, set, submit } = useWhatsAppForm(EMPTY, (f) => contactMessage(f, t), data.site.whatsappNumber);
  const queryId = useId();

  return (
    <>
      <Hero hero={c.hero} />
      <div className="form-layout">
        <PersonForm id="contact-form-title" intro={c.form} form={form} handlers={{ set, submit }} site={data.site} submitLabel={t.form.sendMessage}>
          <div className="field wide">
            <label htmlFor={queryId}>{t.form.query}</label>
            <textarea id={queryId} rows={4} value={form.query} onChange={set("query")} />
          </div>
        </PersonForm>
        <aside className="card contact-card">
          <p className="badge">{c.badge}</p>
          <p>{c.badgeLabel}</p>
          <address>
            <p>{data.site.address}</p>
            {data.site.phones.map((phone) => (
              <p key={phone}>
                <a href={telHref(phone)}>{phone}</a>
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
