// Phone numbers as the site shows and dials them.

import helplines from "./helplines.json";

/** The lines that answer at any hour, free: the emergency number and Tele-MANAS, the Government of India's
 * mental health helpline. Every page gives them (the footer), the offline page and the server's error pages
 * first. The numbers live in `helplines.json`, which the server reads too. */
export const HELPLINES: { readonly emergency: string; readonly teleManas: string } = helplines;

/** A `tel:` link to a number as written for reading ("+91 90000 00001"). */
export function telHref(number: string): string {
  return `tel:${number.replace(/\s+/g, "")}`;
}
