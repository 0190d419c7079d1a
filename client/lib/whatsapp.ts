// The forms never reach a server of ours: they hand a prefilled message to WhatsApp (spec section 7).

/** The service options of the appointment form (value: label), after the 'Select a service' placeholder. */
export const SERVICE_OPTIONS: { value: string; label: string }[] = [
  { value: "consultation", label: "Consultation" },
  { value: "counseling", label: "Counseling" },
  { value: "therapy", label: "Therapy" },
  { value: "psychotherapy", label: "Psychotherapy" },
  { value: "mental-health-checkup", label: "Mental Health Checkup" },
];

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

export function appointmentMessage(r: AppointmentRequest): string {
  const service = SERVICE_OPTIONS.find((o) => o.value === r.service)?.label ?? r.service;
  return [
    "Hello, I would like to book an appointment.",
    `Name: ${r.firstName} ${r.lastName}`,
    `Email: ${r.email}`,
    `Phone: ${r.phone}`,
    `Service: ${service}`,
    `Preferred date: ${r.date}`,
    `Request: ${r.request}`,
  ].join("\n");
}

export function contactMessage(r: ContactRequest): string {
  const lines = ["Hello, I have a question.", `Name: ${r.firstName} ${r.lastName}`, `Email: ${r.email}`, `Phone: ${r.phone}`];
  if (r.query.trim() !== "") lines.push(`Query: ${r.query}`);
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
