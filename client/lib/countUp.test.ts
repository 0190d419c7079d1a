import { test } from "node:test";
import assert from "node:assert/strict";
import { COUNT_UP_MS, countAt } from "./countUp";

test("the counters take 5 seconds, from 0 to their target, in whole steps", () => {
  assert.equal(COUNT_UP_MS, 5000);
  assert.equal(countAt(0, COUNT_UP_MS, 5000), 0);
  assert.equal(countAt(1000, COUNT_UP_MS, 5000), 1000);
  assert.equal(countAt(2500, COUNT_UP_MS, 200), 100);
  assert.equal(countAt(4999, COUNT_UP_MS, 200), 199);
  assert.equal(countAt(5000, COUNT_UP_MS, 200), 200);
  assert.equal(countAt(9000, COUNT_UP_MS, 5000), 5000, "it stops at the target");
  assert.ok(Number.isInteger(countAt(1234, COUNT_UP_MS, 200)));
});
