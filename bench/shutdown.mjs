// Graceful shutdown against clients that never read their answers, on loopback: 2,000 connections each
// pipeline 250 uncompressed home pages (more than the kernel's buffers hold) and read nothing; then SIGTERM.
// Prints the time from the signal to the process's exit and its exit status, once with the default
// SHUTDOWN_TIMEOUT_MS (20 s) and once with 5 s. Without the deadline the stalled readers held the server
// until the 60 s send timeout (53 s measured with 2,000), past Kubernetes' 30 s grace period.
//
//   node bench/shutdown.mjs      (needs target/release/clinic-site, or CLINIC_BIN; about 40 s;
//                                 the shell's open-file limit must allow 2,000 sockets)
import { connect } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { BINARY, freePort, spawnReady } from "../scripts/start-server.mjs";

const READERS = 2_000;
const PIPELINED = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n".repeat(250);

/** Opens `count` connections that send their requests and never read. */
async function stalledReaders(port, count) {
  const sockets = [];
  for (let i = 0; i < count; i++) {
    const socket = connect(port, "127.0.0.1");
    socket.on("error", () => {});
    socket.pause();
    await new Promise((done) => socket.once("connect", done));
    socket.write(PIPELINED);
    sockets.push(socket);
  }
  return sockets;
}

async function scenario(timeoutMs) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" };
  if (timeoutMs !== null) env.SHUTDOWN_TIMEOUT_MS = String(timeoutMs);
  let status = null;
  const { child, exited } = await spawnReady(BINARY, [], {
    port,
    timeoutMs: 30_000,
    intervalMs: 50,
    cwd: mkdtempSync(join(tmpdir(), "shutdown-")),
    env,
    stdio: ["ignore", "ignore", "inherit"],
  }, (spawned) => spawned.once("exit", (code, signal) => (status = signal ?? code)));
  const sockets = await stalledReaders(port, READERS);
  // Let the server write into every connection until it stalls.
  await new Promise((r) => setTimeout(r, 2_000));
  const signalled = performance.now();
  child.kill("SIGTERM");
  await exited;
  const seconds = (performance.now() - signalled) / 1000;
  for (const socket of sockets) socket.destroy();
  return { label: timeoutMs === null ? "default (20 s)" : `${timeoutMs / 1000} s`, seconds, status };
}

const results = [await scenario(null), await scenario(5_000)];
console.log(`| SHUTDOWN_TIMEOUT_MS | ${READERS.toLocaleString("en")} stalled readers: SIGTERM to exit (s) | exit status |`);
console.log("| --- | ---: | ---: |");
for (const r of results) console.log(`| ${r.label} | ${r.seconds.toFixed(1)} | ${r.status} |`);
