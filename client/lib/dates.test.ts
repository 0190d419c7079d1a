import { test } from "node:test";
import assert from "node:assert/strict";
import { formatDate } from "./dates";

test("formats ISO dates as day month year", () => {
  assert.equal(formatDate("2024-06-15"), "15 June 2024");
  assert.equal(formatDate("2025-01-06"), "6 January 2025");
  assert.equal(formatDate("2024-12-24"), "24 December 2024");
});
