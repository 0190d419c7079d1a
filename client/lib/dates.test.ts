import { test } from "node:test";
import assert from "node:assert/strict";
import en from "../i18n/en.json";
import hi from "../i18n/hi.json";
import { formatDate, formatHours } from "./dates";

test("formats ISO dates as day month year", () => {
  assert.equal(formatDate("2024-06-15", en), "15 June 2024");
  assert.equal(formatDate("2025-01-06", en), "6 January 2025");
  assert.equal(formatDate("2024-12-24", en), "24 December 2024");
});

test("Hindi dates as Hindi readers write them", () => {
  assert.equal(formatDate("2024-08-15", hi), "15 अगस्त 2024");
  assert.equal(formatDate("2025-02-01", hi), "1 फ़रवरी 2025");
});

test("English opening hours are shown exactly as the content writes them", () => {
  for (const range of ["09:00 AM-01:00 PM", "04:00 PM-07:00 PM", "12:00 AM-12:30 PM"]) {
    assert.equal(formatHours(range, en), range);
  }
});

test("Hindi opening hours name the part of the day, as the time is said in Patna", () => {
  assert.equal(formatHours("09:00 AM-01:00 PM", hi), "सुबह 9:00 से दोपहर 1:00 तक");
  assert.equal(formatHours("04:00 PM-07:00 PM", hi), "शाम 4:00 से शाम 7:00 तक");
  assert.equal(formatHours("05:30 PM-09:30 PM", hi), "शाम 5:30 से रात 9:30 तक");
  assert.equal(formatHours("12:00 PM-03:59 PM", hi), "दोपहर 12:00 से दोपहर 3:59 तक");
  assert.equal(formatHours("12:00 AM-04:00 AM", hi), "रात 12:00 से सुबह 4:00 तक");
});

test("a period not in the checked form is shown as written", () => {
  assert.equal(formatHours("by appointment", hi), "by appointment");
  assert.equal(formatHours("9 AM-1 PM", hi), "9 AM से 1 PM तक");
});
