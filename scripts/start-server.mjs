// Starts the release binary for a browser test or a benchmark: from an empty folder (it embeds
// everything), on a free loopback port, with SITE_URL set to that origin; ready once /readyz answers 200.
// Shared by e2e/harness.ts and bench/lighthouse.mjs, and through its command line by bench/lib.sh:
//
//   node scripts/start-server.mjs free-ports N
//       prints N free loopback ports on one line (held open together, so they differ)
//   node scripts/start-server.mjs start LOG TIMEOUT_S PORT PID_FILE COMMAND [ARG...]
//       starts COMMAND as it is (this environment and folder, stdout and stderr appended to LOG), writes
//       its pid to PID_FILE at once, polls GET /readyz on PORT every 5 ms and prints
//       "<pid> <ms from process start to the first 200>"; the process keeps running after this exits.
//       Exits 1 (the process killed) when it is not ready within TIMEOUT_S, or when it exits first.
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

/** The binary under test: target/release/clinic-site, or CLINIC_BIN. */
export const BINARY = resolve(process.env.CLINIC_BIN ?? "target/release/clinic-site");

/**
 * @param {number} count
 * @returns {Promise<number[]>} that many ports on 127.0.0.1, free a moment ago; all are held open
 *   together before any is released, so they differ
 */
export async function freePorts(count) {
  /** @type {import("node:net").Server[]} */
  const servers = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = createServer();
      servers.push(server);
      await new Promise((done, fail) => {
        server.once("error", fail);
        server.listen(0, "127.0.0.1", () => done(undefined));
      });
    }
    return servers.map((server) => {
      const address = server.address();
      if (typeof address !== "object" || !address) throw new Error("no port");
      return address.port;
    });
  } finally {
    await Promise.all(servers.map((server) => new Promise((done) => server.close(() => done(undefined)))));
  }
}

/** @returns {Promise<number>} a port on 127.0.0.1 that was free a moment ago */
export async function freePort() {
  const [port] = await freePorts(1);
  return port;
}

/** @returns {Promise<boolean>} whether GET /readyz on a fresh connection answers 200 */
function ready(port) {
  return new Promise((done) => {
    const req = request({ host: "127.0.0.1", port, path: "/readyz", agent: false, timeout: 2000 }, (res) => {
      res.resume();
      done(res.statusCode === 200);
    });
    req.once("timeout", () => req.destroy());
    req.once("error", () => done(false));
    req.end();
  });
}

/**
 * Spawns `command` and polls GET /readyz on `port` every `intervalMs` until it answers 200.
 * The process is killed (SIGKILL) when it is not ready within `timeoutMs`.
 * @param {string} command
 * @param {string[]} args
 * @param {{ port: number, timeoutMs: number, intervalMs: number } & import("node:child_process").SpawnOptions} options
 * @param {(child: import("node:child_process").ChildProcess) => unknown} [onSpawn] called right after the spawn
 * @returns {Promise<{ child: import("node:child_process").ChildProcess, readyMs: number, exited: Promise<void> }>}
 *   `readyMs`: from just before the spawn to the first 200
 */
export async function spawnReady(command, args, { port, timeoutMs, intervalMs, ...spawnOptions }, onSpawn = () => {}) {
  const started = performance.now();
  const child = spawn(command, args, spawnOptions);
  onSpawn(child);
  /** @type {string | null} */
  let ended = null;
  const exited = new Promise((done) => {
    child.once("error", (error) => {
      ended = `${command} did not start: ${error.message}`;
      done(undefined);
    });
    child.once("exit", (code, signal) => {
      ended = `${command} exited with ${signal ?? `status ${code}`} before /readyz answered 200`;
      done(undefined);
    });
  });
  for (;;) {
    if (ended !== null) throw new Error(ended);
    if (await ready(port)) return { child, readyMs: performance.now() - started, exited };
    if (performance.now() - started > timeoutMs) {
      child.kill("SIGKILL");
      throw new Error(`${command} was not ready within ${Math.round(timeoutMs / 1000)} s`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * @param {string} label names the temporary folder the binary runs in
 * @param {Record<string, string>} env more environment variables for the binary (CONTENT_DIR)
 * @returns {Promise<{ origin: string, stop: () => Promise<void> }>}
 */
export async function startServer(label = "clinic", env = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const { child, exited } = await spawnReady(BINARY, [], {
    port,
    timeoutMs: 30_000,
    intervalMs: 50,
    cwd: mkdtempSync(join(tmpdir(), `${label}-`)),
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", SITE_URL: origin, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return {
    origin,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The command line (see the top of this file). */
async function main([mode, ...args]) {
  if (mode === "free-ports" && args.length === 1 && Number(args[0]) >= 1) {
    console.log((await freePorts(Number(args[0]))).join(" "));
    return;
  }
  if (mode !== "start" || args.length < 5) {
    throw new Error("usage: start-server.mjs free-ports N | start LOG TIMEOUT_S PORT PID_FILE COMMAND [ARG...]");
  }
  const [log, timeoutS, port, pidFile, command, ...commandArgs] = args;
  const out = openSync(log, "a");
  try {
    const { child, readyMs } = await spawnReady(
      command,
      commandArgs,
      { port: Number(port), timeoutMs: Number(timeoutS) * 1000, intervalMs: 5, stdio: ["ignore", out, out] },
      // At once, before the first poll: the caller's EXIT trap stops the process even if this fails.
      (child) => child.pid !== undefined && writeFileSync(pidFile, String(child.pid)),
    ).catch((error) => {
      throw new Error(`${error.message}; see ${log}`);
    });
    child.unref();
    console.log(`${child.pid} ${Math.round(readyMs)}`);
  } finally {
    closeSync(out);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    () => process.exit(0),
    (error) => {
      console.error(`start-server: ${error.message}`);
      process.exit(1);
    },
  );
}
