// Builds everything the binary embeds besides content/ into one folder, stamped with the digest of its inputs:
//   <out>/images/        the image copies (scripts/images.mjs)
//   <out>/js/            the SSR script, the service worker and the browser assets (scripts/build.mjs; the folder
//                        scripts/check-budgets.mjs takes)
//   <out>/inputs.sha256  the digest of the inputs (scripts/inputs.mjs), written last
// build.rs embeds such a folder when its stamp matches the tree: its own (node_modules/.cache/clinic-bundles/<digest>,
// which it builds with this script when missing), or the one CLINIC_BUNDLES names (CI builds once into dist/).
// The folder is built beside <out> and renamed into place when complete, so a half-built folder is never taken
// for one; inputs edited during the build fail it.
// Usage: node scripts/bundle.mjs [out]   (default: dist; `npm run build` runs this)
import { spawnSync } from "node:child_process";
import { rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { inputsDigest, STAMP } from "./inputs.mjs";

const out = process.argv[2] ?? "dist";
const partial = `${out}.partial-${process.pid}`;
const run = (script, ...args) => {
  const { status } = spawnSync(process.execPath, [join(import.meta.dirname, script), ...args], { stdio: "inherit" });
  if (status !== 0) throw new Error(`scripts/${script} failed (its errors are above)`);
};

const digest = await inputsDigest();
try {
  // Encoded copies are cached under node_modules/.cache, so this re-encodes only images that changed.
  run("images.mjs", "content", join(partial, "images"));
  run("build.mjs", join(partial, "js"));
  if ((await inputsDigest()) !== digest) throw new Error("the inputs changed during the build: build again");
  await writeFile(join(partial, STAMP), `${digest}\n`);
  await rm(out, { recursive: true, force: true });
  await rename(partial, out);
} catch (e) {
  await rm(partial, { recursive: true, force: true });
  console.error(`bundle: ${e.message}`);
  process.exit(1);
}
console.log(`bundle: ${out} (inputs ${digest.slice(0, 12)})`);
