import { test } from "node:test";
import assert from "node:assert/strict";
import { renderToString } from "react-dom/server";
import { FlipCard } from "./FlipCard";

test("a flip card renders its two faces, the back one inert, with a pressed-state toggle", () => {
  const html = renderToString(
    <FlipCard label="More about the doctor">
      <p>front</p>
      <p>back</p>
    </FlipCard>,
  );
  assert.match(html, /<div class="flip-face front"><p>front<\/p><\/div>/);
  assert.match(html, /<div class="flip-face back" inert=""><p>back<\/p><\/div>/);
  assert.match(html, /aria-pressed="false"/);
});

test("a flip card with one or three faces is rejected in development", () => {
  assert.throws(() => renderToString(<FlipCard label="x"><p>only</p></FlipCard>), /exactly two faces, got 1/);
  assert.throws(
    () => renderToString(<FlipCard label="x"><p>1</p><p>2</p><p>3</p></FlipCard>),
    /exactly two faces, got 3/,
  );
});
