// The forms never reach a server of ours: they hand a prefilled message to WhatsApp (spec section 7), in the
// page's language: its labels, and the visitor's values as typed.
import type { Strings } from "../i18n";

/** The service options of the appointment form, after the 'Select a service' placeholder; each one's label is the language's. */
export const SERVICE_OPTIONS = ["consultation", "counseling", "therapy", "psychotherapy", "mental-health-checkup"] as const;

export type ServiceOption = (typeof SERVICE_OPTIONS)[number];

/** The label of a service option in the page's language; a value that is no option is shown as it is. */
export function serviceLabel(value: string, t: Strings): string {
  return (SERVICE_OPTIONS as readonly string[]).includes(value) ? t.form.services[value as ServiceOption] : value;
}

/** Who is writing: the four required fields that open both forms. */
export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface AppointmentRequest extends Person {
  service: string;
  date: string;
  request: string;
}

export interface ContactRequest extends Person {
  query: string;
}

/** The lines that say who is writing. */
function personLines(r: Person, w: Strings["whatsapp"]): string[] {
  return [`${w.name}: ${r.firstName} ${r.lastName}`, `${w.email}: ${r.email}`, `${w.phone}: ${r.phone}`];
}

export function appointmentMessage(r: AppointmentRequest, t: Strings): string {
  const w = t.whatsapp;
  return [
    w.appointmentGreeting,
    ...personLines(r, w),
    `${w.service}: ${serviceLabel(r.service, t)}`,
    `${w.date}: ${r.date}`,
    `${w.request}: ${r.request}`,
  ].join("\n");
}

export function contactMessage(r: ContactRequest, t: Strings): string {
  const w = t.whatsapp;
  const lines = [w.contactGreeting, ...personLines(r, w)];
  if (r.query.trim() !== "") lines.push(`${w.query}: ${r.query}`);
  return lines.join("\n");
}

/** iPhone and Android open the app directly; anything else gets the web link. */
export function isMobile(userAgent: string): boolean {
  return /iPhone|Android/i.test(userAgent);
}

/** The chat link for `number` (digits with country code) prefilled with `message`. */
export function whatsappUrl(number: string, message: string, userAgent: string): string {
  const digits = number.replace(/\D/g, "");
  const text = encodeURIComponent(message);
  return isMobile(userAgent) ? `whatsapp://send?phone=${digits}&text=${text}` : `https://wa.me/${digits}?text=${text}`;
}

/** Today's date in the browser's local time zone, as yyyy-mm-dd (the date input's `min`). */
export function localIsoDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
