// The state of the appointment and contact forms, which hand a prefilled message to WhatsApp (spec section 7).
import { useState, type FormEvent } from "react";
import { whatsappUrl } from "./whatsapp";

/** A form whose every field is a string (the value of its input, select or textarea). */
type Fields<T> = { [K in keyof T]: string };

export interface FormHandlers<T> {
  /** The change handler of the control for `key`. */
  set: (key: keyof T) => (event: { target: { value: string } }) => void;
  /** Stops the browser's own submission, sends the form as it is, then clears it. */
  submit: (event: Pick<FormEvent, "preventDefault">) => void;
}

/** The handlers of a form in state `form` (pure: all they do goes through `setForm` and `send`). */
export function formHandlers<T extends Fields<T>>(form: T, setForm: (next: T) => void, empty: T, send: (form: T) => void): FormHandlers<T> {
  return {
    set: (key) => (event) => setForm({ ...form, [key]: event.target.value }),
    submit: (event) => {
      event.preventDefault();
      send(form);
      setForm(empty);
    },
  };
}

/**
 * A controlled form starting `empty`; submitting it opens WhatsApp (the app on iPhone and Android, the web
 * link otherwise) with `message(form)` to the clinic's `number` in a new tab, and clears the form.
 */
export function useWhatsAppForm<T extends Fields<T>>(empty: T, message: (form: T) => string, number: string): FormHandlers<T> & { form: T } {
  const [form, setForm] = useState(empty);
  const send = (sent: T) => window.open(whatsappUrl(number, message(sent), navigator.userAgent), "_blank", "noopener");
  return { form, ...formHandlers(form, setForm, empty, send) };
}
