import { useId } from "react";
import type { PageProps } from "../types";
import { Field } from "../components/Field";
import { PersonForm } from "../components/PersonForm";
import { Hero } from "../components/Sections";
import { useHydrated } from "../lib/hydrated";
import { useWhatsAppForm } from "../lib/useWhatsAppForm";
import { appointmentMessage, localIsoDate, serviceLabel, SERVICE_OPTIONS, type AppointmentRequest } from "../lib/whatsapp";
import { formatHours } from "../lib/dates";
import { useStrings } from "../i18n";

const EMPTY: AppointmentRequest = { firstName: "", lastName: "", email: "", phone: "", service: "", date: "", request: "" };

export default function Appointment({ data, page }: PageProps<"appointment">) {
  const a = page.appointment;
  const t = useStrings();
  const { form, set, submit } = useWhatsAppForm(EMPTY, (f) => appointmentMessage(f, t), data.site.whatsappNumber);
  // The server renders the clinic's date; once in the browser, the earliest date is the visitor's today.
  const minDate = useHydrated() ? localIsoDate(new Date()) : data.today;
  const serviceId = useId();
  const requestId = useId();

  return (
    <>
      <Hero hero={a.hero} />
      <div className="form-layout">
        <PersonForm id="appointment-form-title" intro={a.form} form={form} handlers={{ set, submit }} site={data.site} submitLabel={t.common.bookAppointment}>
          <div className="field">
            <label htmlFor={serviceId}>{t.form.service}</label>
            <select id={serviceId} required value={form.service} onChange={set("service")}>
              <option value="" disabled>
                {t.form.selectService}
              </option>
              {SERVICE_OPTIONS.map((o) => (
                <option key={o} value={o}>
                  {serviceLabel(o, t)}
                </option>
              ))}
            </select>
          </div>
          <Field label={t.form.date} type="date" required min={minDate} value={form.date} onChange={set("date")} />
          <div className="field wide">
            <label htmlFor={requestId}>{t.form.request}</label>
            <textarea id={requestId} rows={4} required value={form.request} onChange={set("request")} />
          </div>
        </PersonForm>
        <aside className="card hours" aria-labelledby="hours-title">
          <h2 id="hours-title">{a.hoursTitle}</h2>
          <dl>
            {a.openingHours.map((d) => (
              <div key={d.day}>
                <dt>{t.days[d.day as keyof typeof t.days] ?? d.day}</dt>
                {d.times.map((time) => (
                  <dd key={time}>{formatHours(time, t)}</dd>
                ))}
              </div>
            ))}
          </dl>
        </aside>
      </div>
    </>
  );
}
