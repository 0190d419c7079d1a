// Runs every TypeScript/JavaScript unit test: each *.test.ts, *.test.tsx and *.test.mjs under client/, ssr/ and
// scripts/, found afresh each run, so a test in a new folder runs without being listed anywhere. The browser
// tests (e2e/) are not here: they need the release binary and Chromium (`npm run test:e2e`).
// Node 20's `node --test` takes no glob patterns, hence this script.
//   node scripts/unit-tests.mjs [node --test options]    (npm run test:unit)
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

export const ROOTS = ["client", "ssr", "scripts"];
export const isUnitTest = (name) => /\.test\.(ts|tsx|mjs)$/.test(name);

/** The unit-test files under `roots`, sorted (node_modules skipped). */
export function unitTests(roots = ROOTS) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules") walk(path);
      } else if (isUnitTest(entry.name)) {
        found.push(path);
      }
    }
  };
  for (const root of roots) if (existsSync(root)) walk(root);
  return found.sort();
}

if (import.meta.filename === process.argv[1]) {
  const files = unitTests();
  if (files.length === 0) {
    console.error(`unit-tests: no *.test.{ts,tsx,mjs} under ${ROOTS.join(", ")}`);
    process.exit(1);
  }
  console.error(`unit-tests: ${files.length} files under ${ROOTS.join(", ")}`);
  const args = ["--import", "tsx", "--test", ...process.argv.slice(2), ...files];
  const { status, signal } = spawnSync(process.execPath, args, { stdio: "inherit" });
  process.exit(status ?? (signal ? 1 : 0));
}
