import { test } from "node:test";
import assert from "node:assert/strict";
import en from "../i18n/en.json";
import hi from "../i18n/hi.json";
import { appointmentMessage, contactMessage, localIsoDate, serviceLabel, SERVICE_OPTIONS, whatsappUrl } from "./whatsapp";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120";

test("the service options are the spec's five, in order", () => {
  assert.deepEqual(
    SERVICE_OPTIONS.map((o) => `${o}: ${serviceLabel(o, en)}`),
    ["consultation: Consultation", "counseling: Counseling", "therapy: Therapy", "psychotherapy: Psychotherapy", "mental-health-checkup: Mental Health Checkup"],
  );
  // Each has its Hindi label, and no two share one.
  const hindi = SERVICE_OPTIONS.map((o) => serviceLabel(o, hi));
  assert.equal(new Set(hindi).size, 5);
  for (const label of hindi) assert.match(label, /[\u0900-\u097F]/);
});

const REQUEST = {
  firstName: "Asha",
  lastName: "Kumari",
  email: "asha@example.org",
  phone: "+91 90000 00003",
  service: "mental-health-checkup",
  date: "2026-12-01",
  request: "Evening slot & Hindi, please",
};

test("the appointment message carries every field, with the service's label", () => {
  const message = appointmentMessage(REQUEST, en);
  assert.match(message, /Name: Asha Kumari/);
  assert.match(message, /Email: asha@example.org/);
  assert.match(message, /Phone: \+91 90000 00003/);
  assert.match(message, /Service: Mental Health Checkup/);
  assert.match(message, /Preferred date: 2026-12-01/);
  assert.match(message, /Request: Evening slot & Hindi, please/);
});

test("the Hindi message has Hindi labels and the visitor's values as typed", () => {
  const message = appointmentMessage({ ...REQUEST, firstName: "आशा", request: "शाम का समय" }, hi);
  const w = hi.whatsapp;
  assert.deepEqual(message.split("\n"), [
    w.appointmentGreeting,
    `${w.name}: आशा Kumari`,
    `${w.email}: asha@example.org`,
    `${w.phone}: +91 90000 00003`,
    `${w.service}: ${hi.form.services["mental-health-checkup"]}`,
    `${w.date}: 2026-12-01`,
    `${w.request}: शाम का समय`,
  ]);
  assert.doesNotMatch(message, /Name|Email|Phone|Service|Request/);
});

test("the contact message leaves out an empty query", () => {
  const base = { firstName: "Ravi", lastName: "Singh", email: "r@example.org", phone: "9000000004", query: "" };
  assert.doesNotMatch(contactMessage(base, en), /Query/);
  assert.match(contactMessage({ ...base, query: "Do you see children?" }, en), /Query: Do you see children\?/);
  assert.equal(contactMessage(base, hi).split("\n")[0], hi.whatsapp.contactGreeting);
});

test("iPhone and Android get the app deep link, others the web link, with the message URI-encoded", () => {
  const message = "Name: A & B\nDate: 2026-12-01?";
  const encoded = encodeURIComponent(message);
  assert.equal(whatsappUrl("+91 90000 00001", message, IPHONE), `whatsapp://send?phone=919000000001&text=${encoded}`);
  assert.equal(whatsappUrl("919000000001", message, ANDROID), `whatsapp://send?phone=919000000001&text=${encoded}`);
  assert.equal(whatsappUrl("919000000001", message, DESKTOP), `https://wa.me/919000000001?text=${encoded}`);
  assert.ok(!whatsappUrl("919000000001", message, DESKTOP).includes("&B"));
});

test("the local date is the browser's calendar day, zero-padded", () => {
  assert.equal(localIsoDate(new Date(2026, 0, 5, 23, 59)), "2026-01-05");
  assert.equal(localIsoDate(new Date(2026, 11, 31, 0, 0)), "2026-12-31");
});
