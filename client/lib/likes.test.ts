import { test } from "node:test";
import assert from "node:assert/strict";
import { initialLikes } from "./likes";

test("the like counter starts at a whole number from 10 to 109, both ends reachable", () => {
  assert.equal(initialLikes(0), 10);
  assert.equal(initialLikes(0.999999), 109);
  assert.equal(initialLikes(0.5), 60);
  for (let i = 0; i < 1000; i++) {
    const n = initialLikes();
    assert.ok(Number.isInteger(n) && n >= 10 && n <= 109, `${n}`);
  }
});
