// Phone numbers as the site shows and dials them.

/** The lines that answer at any hour, free: the emergency number and Tele-MANAS, the Government of India's
 * mental health helpline. Every page gives them (the footer), and the offline page first. */
export const HELPLINES = { emergency: "112", teleManas: "14416" } as const;

/** A `tel:` link to a number as written for reading ("+91 90000 00001"). */
export function telHref(number: string): string {
  return `tel:${number.replace(/\s+/g, "")}`;
}
