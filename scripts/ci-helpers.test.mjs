// The bundles' input digest (scripts/inputs.mjs, which build.rs mirrors) and the unit-test discovery
// (scripts/unit-tests.mjs), on folders made here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inputFiles, inputsDigest, LIST } from "./inputs.mjs";
import { unitTests } from "./unit-tests.mjs";

async function tree(files) {
  const root = await mkdtemp(join(tmpdir(), "clinic-ci-"));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, path, ".."), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

test("the digest covers every listed file but tests, and only them", async (t) => {
  const root = await tree({
    [LIST]: "# comment\nclient\npackage.json\n",
    "client/a.ts": "export const a = 1;\n",
    "client/lib/b.tsx": "b",
    "client/lib/b.test.tsx": "test",
    "client/Z.ts": "z",
    "package.json": "{}",
    "e2e/home.test.ts": "not listed",
  });
  t.after(() => rm(root, { recursive: true, force: true }));
  // Byte order: upper case before lower case, "Z.ts" before "a.ts".
  assert.deepEqual(await inputFiles(root), ["client/Z.ts", "client/a.ts", "client/lib/b.tsx", "package.json"]);
  const before = await inputsDigest(root);
  assert.match(before, /^[0-9a-f]{64}$/);

  await writeFile(join(root, "client/lib/b.test.tsx"), "edited test");
  await writeFile(join(root, "client/lib/new.test.ts"), "new test");
  await writeFile(join(root, "e2e/home.test.ts"), "edited");
  assert.equal(await inputsDigest(root), before, "tests and unlisted files leave the digest alone");

  await writeFile(join(root, "client/a.ts"), "export const a = 2;\n");
  const edited = await inputsDigest(root);
  assert.notEqual(edited, before, "an edited input changes it");
  await mkdir(join(root, "client/new"));
  await writeFile(join(root, "client/new/c.ts"), "");
  assert.notEqual(await inputsDigest(root), edited, "a new (even empty) input changes it");
});

test("unit tests are found in any folder, a new one too, and nowhere else", async (t) => {
  const root = await tree({
    "client/lib/a.test.ts": "",
    "client/components/B.test.tsx": "",
    "client/pages/new/c.test.ts": "",
    "client/lib/helper.ts": "",
    "scripts/d.test.mjs": "",
    "ssr/e.test.ts": "",
    "client/node_modules/x/f.test.ts": "",
    "e2e/home.test.ts": "",
  });
  t.after(() => rm(root, { recursive: true, force: true }));
  const roots = ["client", "ssr", "scripts"].map((dir) => join(root, dir));
  assert.deepEqual(
    unitTests(roots).map((file) => file.slice(root.length + 1)),
    ["client/components/B.test.tsx", "client/lib/a.test.ts", "client/pages/new/c.test.ts", "scripts/d.test.mjs", "ssr/e.test.ts"],
  );
});
