// The digest of what the bundles are built from: every file that scripts/bundle-inputs.txt lists or holds in a
// listed folder, tests (`*.test.*`) left out, in the byte order of their paths; sha256 over, for each file, its
// path, a newline, its length in decimal, a newline and its bytes, after a version line. build.rs computes the
// same digest in Rust (fn inputs_digest): change both together. scripts/bundle.mjs stamps its folder with it
// (inputs.sha256); build.rs embeds a folder only when its stamp is the tree's digest.
//   node scripts/inputs.mjs [root]    prints the digest (root: the repository, default .)
import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export const LIST = "scripts/bundle-inputs.txt";
export const STAMP = "inputs.sha256";
const VERSION = "clinic-bundle-inputs 1\n";

/** A test file, which no bundle includes: `*.test.*` (dates.test.ts, FlipCard.test.tsx, images.test.mjs). */
export const isTest = (name) => name.includes(".test.");

/** The paths (relative to root, with `/`) of every input file, sorted by their UTF-8 bytes. */
export async function inputFiles(root = ".") {
  const listed = (await readFile(join(root, LIST), "utf8"))
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const files = [];
  const walk = async (path) => {
    const info = await stat(join(root, path));
    if (info.isDirectory()) {
      for (const name of await readdir(join(root, path))) if (!isTest(name)) await walk(`${path}/${name}`);
    } else if (info.isFile()) {
      files.push(path);
    }
  };
  for (const path of listed) await walk(path);
  return files.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

/** The inputs' digest, lowercase hex. */
export async function inputsDigest(root = ".") {
  const hash = createHash("sha256").update(VERSION);
  for (const path of await inputFiles(root)) {
    const bytes = await readFile(join(root, path));
    hash.update(`${path}\n${bytes.length}\n`).update(bytes);
  }
  return hash.digest("hex");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) console.log(await inputsDigest(process.argv[2] ?? "."));
