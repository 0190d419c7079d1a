// Slow clients against the release server, on loopback: 10,000 connections that each send part of a
// request header and then wait, and meanwhile 100 visitors, one after another, each on a new
// connection. Prints a Markdown section: the visitors' latency (p50, p99, max) and statuses, how many
// slow connections the server closed, and the server's RSS before and while they are held.
//
// Two servers: one as configured by default (MAX_CONNECTIONS 10,000: the slow connections fill it,
// and each visitor's arrival closes the one that has waited longest), and one started with the
// open-file limit at 2,048 (cap 1,984), where the slow connections mostly push each other out.
//
//   node bench/slow-clients.mjs      (needs target/release/clinic-site, or CLINIC_BIN; about 30 s;
//                                     the shell's open-file limit must allow 10,000 sockets)
// Part 3 of bench/run.sh's operations suite (bench/suites/operations.sh), which prints this section.
import { connect } from "node:net";
import { readdirSync, readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BINARY, freePort, spawnReady } from "../scripts/start-server.mjs";

const SLOW = 10_000;
const VISITORS = 100;
/** Slow connections opened at once: well within the server's accept backlog (4,096). */
const BATCH = 500;
const PARTIAL = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow-client\r\n";
const VISIT = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: br\r\nConnection: close\r\n\r\n";
/** A visitor's answer may take no longer than this before the run gives up on it. */
const VISIT_TIMEOUT_MS = 15_000;
const TARGET_P99_MS = 100;

const openFiles = Number(/Max open files\s+(\d+)/.exec(readFileSync("/proc/self/limits", "utf8"))?.[1] ?? 0);
if (openFiles < SLOW + 200) {
  throw new Error(`the open-file limit is ${openFiles}: run  ulimit -n ${SLOW + 1000}  (or bash bench/run.sh operations) first`);
}

/** @param {number} pid */
function rssMb(pid) {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return kb / 1024;
}

/** One visitor: connect, send a whole request, read the whole answer. @returns {Promise<{ ms: number, status: number }>} */
function visit(port) {
  return new Promise((done) => {
    const started = performance.now();
    const socket = connect(port, "127.0.0.1");
    let head = "";
    const timer = setTimeout(() => socket.destroy(), VISIT_TIMEOUT_MS);
    socket.setEncoding("latin1");
    socket.on("connect", () => socket.write(VISIT));
    socket.on("data", (chunk) => {
      if (head.length < 20) head += chunk;
    });
    socket.on("close", () => {
      clearTimeout(timer);
      done({ ms: performance.now() - started, status: Number(head.slice(9, 12)) || 0 });
    });
    socket.on("error", () => {});
  });
}

/** Opens `count` slow connections in batches; @returns the sockets and a live count of those closed by the server. */
async function openSlow(port, count) {
  const state = { sockets: /** @type {import("node:net").Socket[]} */ ([]), closed: 0, failed: 0 };
  for (let opened = 0; opened < count; opened += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - opened) }, () => {
      return new Promise((done) => {
        const socket = connect(port, "127.0.0.1");
        socket.on("connect", () => {
          socket.write(PARTIAL);
          done(undefined);
        });
        socket.on("error", () => {
          state.failed++;
          done(undefined);
        });
        socket.on("close", () => state.closed++);
        state.sockets.push(socket);
      });
    });
    await Promise.all(batch);
  }
  return state;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** @param {string} label @param {number | null} fileLimit */
async function scenario(label, fileLimit) {
  const port = await freePort();
  const command = fileLimit === null ? BINARY : "sh";
  const args = fileLimit === null ? [] : ["-c", `ulimit -Sn ${fileLimit} && ulimit -Hn ${fileLimit} && exec "$0"`, BINARY];
  const { child, exited } = await spawnReady(command, args, {
    port,
    timeoutMs: 60_000,
    intervalMs: 20,
    cwd: mkdtempSync(join(tmpdir(), "slow-clients-")),
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", SITE_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const pid = /** @type {number} */ (child.pid);
  try {
    const calm = [];
    for (let i = 0; i < VISITORS; i++) calm.push(await visit(port));
    const rssBefore = rssMb(pid);
    const opening = performance.now();
    const slow = await openSlow(port, SLOW);
    const openMs = performance.now() - opening;
    await new Promise((r) => setTimeout(r, 500));
    const held = [];
    for (let i = 0; i < VISITORS; i++) held.push(await visit(port));
    const rssHeld = rssMb(pid);
    const closed = slow.closed;
    const stillOpen = slow.sockets.length - closed;
    const serverFiles = readdirSync(`/proc/${pid}/fd`).length;
    for (const socket of slow.sockets) socket.destroy();
    const stats = (visits) => {
      const ms = visits.map((v) => v.ms).sort((a, b) => a - b);
      return { p50: percentile(ms, 50), p99: percentile(ms, 99), max: ms[ms.length - 1], ok: visits.filter((v) => v.status === 200).length };
    };
    return { openMs, label, fileLimit, calm: stats(calm), held: stats(held), closed, failed: slow.failed, stillOpen, serverFiles, rssBefore, rssHeld };
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

const results = [await scenario("default (cap 10,000)", null), await scenario("open-file limit 2,048 (cap 1,984)", 2048)];
const f = (n) => n.toFixed(1);
const lines = [
  `| server | visitors' p50 / p99 / max, no slow clients (ms) | the same, ${SLOW.toLocaleString("en")} slow connections opened (ms) | time to open them (ms) | visitors answered 200 | slow connections closed by the server / still open (server's open files) | RSS before → while held (MB) | p99 < ${TARGET_P99_MS} ms |`,
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
];
let pass = true;
for (const r of results) {
  const ok = r.held.p99 < TARGET_P99_MS && r.held.ok === VISITORS && r.calm.ok === VISITORS;
  pass &&= ok;
  lines.push(
    `| ${r.label} | ${f(r.calm.p50)} / ${f(r.calm.p99)} / ${f(r.calm.max)} | ${f(r.held.p50)} / ${f(r.held.p99)} / ${f(r.held.max)} | ${f(r.openMs)} | ${r.held.ok} of ${VISITORS} | ${r.closed} / ${r.stillOpen} (${r.serverFiles})${r.failed ? `, ${r.failed} failed to connect` : ""} | ${f(r.rssBefore)} → ${f(r.rssHeld)} | ${ok ? "**PASS**" : "**FAIL**"} |`,
  );
}
console.log(lines.join("\n"));
process.exitCode = pass ? 0 : 1;
