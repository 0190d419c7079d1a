import { test } from "node:test";
import assert from "node:assert/strict";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { formHandlers, useWhatsAppForm } from "./useWhatsAppForm";
import hi from "../i18n/hi.json";
import { contactMessage, type ContactRequest } from "./whatsapp";

const message = (form: ContactRequest) => contactMessage(form, hi);

const EMPTY: ContactRequest = { firstName: "", lastName: "", email: "", phone: "", query: "" };
const FILLED: ContactRequest = { firstName: "Ravi", lastName: "Singh", email: "r@example.org", phone: "9000000004", query: "A & B?" };

test("a change sets that field alone, from the control's value, without touching the current state", () => {
  const states: ContactRequest[] = [];
  const { set } = formHandlers(FILLED, (next) => states.push(next), EMPTY, () => assert.fail("nothing is sent on a change"));
  set("query")({ target: { value: "Do you see children?" } });
  assert.deepEqual(states, [{ ...FILLED, query: "Do you see children?" }]);
  assert.equal(FILLED.query, "A & B?");
});

test("a submit stops the browser's own submission, sends the form as filled in, then clears it", () => {
  const steps: string[] = [];
  const { submit } = formHandlers(
    FILLED,
    (next) => steps.push(`set ${next === EMPTY ? "empty" : JSON.stringify(next)}`),
    EMPTY,
    (sent) => steps.push(`send ${sent.firstName} ${sent.query}`),
  );
  submit({ preventDefault: () => steps.push("preventDefault") });
  assert.deepEqual(steps, ["preventDefault", "send Ravi A & B?", "set empty"]);
});

test("the hook starts empty and opens the chat link in a new tab, the app's on a phone", () => {
  let handlers: ReturnType<typeof useWhatsAppForm<ContactRequest>> | undefined;
  const Probe = () => {
    handlers = useWhatsAppForm(EMPTY, message, "+91 90000 00001");
    return null;
  };
  renderToString(createElement(Probe));
  assert.ok(handlers);
  assert.deepEqual(handlers.form, EMPTY);

  const opened: unknown[][] = [];
  const globals = globalThis as unknown as Record<string, unknown>;
  const saved = { window: globals.window, navigator: Object.getOwnPropertyDescriptor(globalThis, "navigator") };
  globals.window = { open: (...args: unknown[]) => opened.push(args) };
  Object.defineProperty(globalThis, "navigator", { value: { userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8)" }, configurable: true });
  try {
    handlers.submit({ preventDefault: () => {} });
  } finally {
    globals.window = saved.window;
    if (saved.navigator) Object.defineProperty(globalThis, "navigator", saved.navigator);
    else delete globals.navigator;
  }
  const text = encodeURIComponent(message(EMPTY));
  assert.deepEqual(opened, [[`whatsapp://send?phone=919000000001&text=${text}`, "_blank", "noopener"]]);
});
