// Starts the release binary for a browser test or a benchmark: from an empty folder (it embeds
// everything), on a free loopback port, with SITE_URL set to that origin; ready once /readyz answers 200.
// Shared by e2e/harness.ts and bench/lighthouse.mjs.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** The binary under test: target/release/clinic-site, or CLINIC_BIN. */
export const BINARY = resolve(process.env.CLINIC_BIN ?? "target/release/clinic-site");

/** @returns {Promise<number>} a port on 127.0.0.1 that was free a moment ago */
export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? done(address.port) : fail(new Error("no port"))));
    });
  });
}

/**
 * @param {string} label names the temporary folder the binary runs in
 * @returns {Promise<{ origin: string, stop: () => Promise<void> }>}
 */
export async function startServer(label = "clinic") {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(BINARY, [], {
    cwd: mkdtempSync(join(tmpdir(), `${label}-`)),
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", SITE_URL: origin, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((done) => child.once("exit", () => done(undefined)));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${BINARY} exited with ${child.exitCode}`);
    if (await fetch(`${origin}/readyz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${BINARY} was not ready within 30 s`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    origin,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
