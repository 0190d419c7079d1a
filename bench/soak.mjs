// The soak of the release server on loopback: part of bench/run.sh's soak suite (bench/suites/soak.sh),
// which starts the server (default settings, METRICS_ADDR on loopback) and runs this against it.
// While a visitor's requests are timed (one every 100-200 ms, a fresh connection each), at overlapping
// times:
//   1. slow readers: SOAK_SLOW (10,000) connections that each send GET / three times in one write
//      (Accept-Encoding: identity, so the answers are large: 3 x 72 KB) and never read, held SOAK_HOLD_S
//      (90) s, longer than the server's 60 s send timeout;
//   2. searches abandoned mid-render: SOAK_SEARCHES (500) unique GET /blogs?q=... plus 20 queries shared
//      by 5 clients each, every socket closed unread 10 ms after its request;
//   3. SOAK_ONE_BYTE (32) clients reading their answers one byte a second (a 1-byte read buffer);
//   4. requests carrying both Content-Length and Transfer-Encoding (the request smuggling shape);
//   5. a HEAD flood and a conditional flood (GET with the page's current ETag), SOAK_FLOOD_S (20) s each.
// The slow readers are opened after SOAK_CALM_S (10) s of the visitor alone; the visitor goes on
// SOAK_AFTER_S (10) s after they are released. Then, once the server's metrics show no stalled or
// serving connection, the server's RSS and render flights are read.
//
// Environment (set by soak.sh): SOAK_PORT, SOAK_METRICS_PORT, SOAK_PID (the server's pid, for
// /proc/<pid>/status), SOAK_OUT (folder for the results), and the tunables above. Writes to SOAK_OUT:
// soak.json (every figure and sample), verdicts.md (the targets' table), body.md (the report's
// sections). Exit status 0 when every target passes, 1 when one fails, 2 when it cannot measure.
// Raw net sockets throughout (no HTTP library per connection): the load generator shares the cores
// with the server. The visitor and each flood run in worker threads, so their timing does not wait on
// the main thread's 10,000 sockets.
import { connect } from "node:net";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

const HOST = "127.0.0.1";
/** Epoch milliseconds, on the same clock in every thread. */
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
/** How many times each value occurs. @param {(string | number)[]} values @returns {Record<string, number>} */
function tally(values) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}
/** Nearest-rank percentile of an ascending array. */
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

// ---------------------------------------------------------------- the targets
const TARGET_P99_MS = 100;
/** Visitor requests the slow readers' phase must hold for its p99 to mean anything. */
const MIN_HELD_VISITS = 100;
/** Statuses the visitor and the floods may see (503: the render queue is full, with Retry-After). */
const EXPECTED = new Set([200, 304, 404, 503]);
/**
 * RSS after everything ended may exceed RSS before by at most this: what legitimately stays is the
 * search LRU, filled by the searches (256 entries, ~16 MB by src/cache.rs's estimate), and what the
 * allocator (mimalloc) and the two JS runtimes keep of the ~300 MB peak. That retention varies: three
 * soaks in a row on one server (2026-11-24) left it at 147, 191 and 166 MB after starting at 155 MB, no
 * growth from round to round, so up to ~60 MB of it is not a leak. Ten thousand connections' state
 * (~18 KB each, README) would be ~180 MB: a leak of half of it fails.
 */
const RSS_GROWTH_LIMIT_MB = 90;

// ---------------------------------------------------------------- HTTP/1.1 on raw sockets
/**
 * The head of the response at the front of `buf`, or null while incomplete.
 * @param {Buffer} buf
 */
function parseHead(buf) {
  const end = buf.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const head = buf.toString("latin1", 0, end);
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
  const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
  return { status, headBytes: end + 4, contentLength: length ? Number(length[1]) : null };
}

/** @param {string} method @param {string} path @param {Record<string, string>} headers */
function request(method, path, headers = {}) {
  const lines = Object.entries({ Host: HOST, "User-Agent": "clinic-soak", ...headers }).map(([k, v]) => `${k}: ${v}\r\n`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join("")}\r\n`;
}

// ---------------------------------------------------------------- worker threads: the visitor, the floods
if (!isMainThread) {
  const { role } = workerData;
  if (role === "visitor") await visitorThread(workerData);
  else await floodThread(workerData);
}

/** One visitor request: a fresh connection, Connection: close, the whole answer read. */
function visit(port, path) {
  return new Promise((done) => {
    const started = now();
    let connected = NaN;
    let firstByte = NaN;
    const socket = connect(port, HOST);
    socket.setNoDelay(true);
    /** @type {Buffer[]} */
    const chunks = [];
    /** @type {string | null} */
    let error = null;
    const timer = setTimeout(() => {
      error = "no answer within 15 s";
      socket.destroy();
    }, 15_000);
    socket.on("connect", () => {
      connected = now() - started;
      socket.write(request("GET", path, { Accept: "text/html", "Accept-Encoding": "br", Connection: "close" }));
    });
    socket.on("data", (chunk) => {
      if (!chunks.length) firstByte = now() - started;
      chunks.push(chunk);
    });
    socket.on("error", (e) => (error ??= e.code ?? e.message));
    socket.on("close", () => {
      clearTimeout(timer);
      const ms = now() - started;
      const buf = Buffer.concat(chunks);
      const head = parseHead(buf);
      const complete = head !== null && (head.contentLength === null || buf.length - head.headBytes === head.contentLength);
      if (!error && !complete) error = head ? `body ${buf.length - head.headBytes} of ${head.contentLength} bytes` : "closed without an answer";
      done({ t: started, path, ms, connected, firstByte, status: head?.status ?? 0, error });
    });
  });
}

/** Visits the pages in turn, one request every 100-200 ms (start to start), until told to stop. */
async function visitorThread({ port, pages }) {
  let stop = false;
  parentPort.on("message", (m) => (stop = m === "stop"));
  const visits = [];
  for (let i = 0; !stop; i++) {
    const started = now();
    visits.push(await visit(port, pages[i % pages.length]));
    const gap = 100 + Math.random() * 100;
    await sleep(Math.max(0, started + gap - now()));
  }
  parentPort.postMessage(visits);
}

/**
 * A flood: `connections` keep-alive connections, each sending the requests in turn, one at a time, for
 * `seconds`. A connection the server closes before answering (to admit another when all are taken, or
 * idle) is opened again and its request sent again, as a browser retries an idempotent request.
 */
async function floodThread({ port, requests, connections, seconds }) {
  const until = now() + seconds * 1000;
  const stats = { answers: 0, statuses: {}, latencies: [], closedBeforeAnswer: 0, connectionsOpened: 0, unparsed: 0 };
  const one = async (offset) => {
    let next = offset;
    while (now() < until) {
      await new Promise((done) => {
        stats.connectionsOpened++;
        const socket = connect(port, HOST);
        socket.setNoDelay(true);
        let buf = Buffer.alloc(0);
        /** @type {{ method: string, text: string } | null} */
        let current = null;
        let sentAt = 0;
        const send = () => {
          if (now() >= until) {
            current = null;
            socket.destroy();
            return;
          }
          current = requests[next % requests.length];
          sentAt = now();
          socket.write(current.text);
        };
        socket.on("connect", send);
        socket.on("data", (chunk) => {
          buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
          while (current) {
            const head = parseHead(buf);
            if (!head) return;
            const bodiless = current.method === "HEAD" || head.status === 304 || head.status === 204 || head.status < 200;
            const length = bodiless ? 0 : head.contentLength;
            if (length === null) {
              stats.unparsed++;
              current = null;
              socket.destroy();
              return;
            }
            if (buf.length < head.headBytes + length) return;
            buf = buf.subarray(head.headBytes + length);
            stats.answers++;
            stats.statuses[head.status] = (stats.statuses[head.status] ?? 0) + 1;
            stats.latencies.push(now() - sentAt);
            next++;
            send();
          }
        });
        socket.on("error", () => {});
        socket.on("close", () => {
          if (current) stats.closedBeforeAnswer++;
          done(undefined);
        });
      });
    }
  };
  const started = now();
  await Promise.all(Array.from({ length: connections }, (_, i) => one(i)));
  const ms = stats.latencies.sort((a, b) => a - b);
  parentPort.postMessage({
    ...stats,
    latencies: undefined,
    seconds: (now() - started) / 1000,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: ms[ms.length - 1] ?? NaN,
  });
}

// ---------------------------------------------------------------- the main thread
if (isMainThread) {
  process.exitCode = await main().catch((error) => {
    console.error(`soak: ${error.stack ?? error}`);
    return 2;
  });
}

function setting(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

async function main() {
  const port = setting("SOAK_PORT");
  const metricsPort = setting("SOAK_METRICS_PORT");
  const pid = setting("SOAK_PID");
  const out = process.env.SOAK_OUT ?? ".";
  const SLOW = setting("SOAK_SLOW", 10_000);
  const HOLD_S = setting("SOAK_HOLD_S", 90);
  const SEARCHES = setting("SOAK_SEARCHES", 500);
  const ONE_BYTE = setting("SOAK_ONE_BYTE", 32);
  const FLOOD_S = setting("SOAK_FLOOD_S", 20);
  const CALM_S = setting("SOAK_CALM_S", 10);
  const AFTER_S = setting("SOAK_AFTER_S", 10);
  const FLOOD_CONNECTIONS = 8;
  const origin = `http://${HOST}:${port}`;

  const openFiles = Number(/Max open files\s+(\d+)/.exec(readFileSync("/proc/self/limits", "utf8"))?.[1] ?? 0);
  if (openFiles < SLOW + 2000) throw new Error(`the open-file limit is ${openFiles}: ${SLOW} slow readers need ${SLOW + 2000} (bash bench/run.sh soak raises it)`);

  // ------------------------------------------------------------ what the server reports
  const status = () => readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (text, field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? NaN);
  const rssMb = () => kib(status(), "VmRSS") / 1024;
  const pageKb = 4;
  const tcpMem = (/** @type {string} */ name) => readFileSync(`/proc/sys/net/ipv4/${name}`, "utf8").trim().split(/\s+/).map(Number);
  const sockstat = () => {
    const tcp = /TCP: inuse (\d+) orphan (\d+) tw (\d+) alloc (\d+) mem (\d+)/.exec(readFileSync("/proc/net/sockstat", "utf8"));
    return { orphans: Number(tcp?.[2] ?? NaN), tcpMemMb: (Number(tcp?.[5] ?? NaN) * pageKb) / 1024 };
  };
  /** The kernel's TCP counters that name a drop or a memory limit (TcpExt in /proc/net/netstat). */
  const KERNEL_COUNTERS = ["ListenOverflows", "ListenDrops", "TCPMemoryPressures", "TCPAbortOnMemory", "TCPRcvQDrop", "TCPZeroWindowDrop", "TCPBacklogDrop", "TCPTimeouts", "TCPLossProbes"];
  const kernelCounters = () => {
    const lines = readFileSync("/proc/net/netstat", "utf8").split("\n").filter((l) => l.startsWith("TcpExt:"));
    const names = lines[0].split(/\s+/).slice(1);
    const values = lines[1].split(/\s+/).slice(1).map(Number);
    return Object.fromEntries(KERNEL_COUNTERS.map((name) => [name, values[names.indexOf(name)] ?? NaN]));
  };
  async function metrics() {
    const text = await (await fetch(`http://${HOST}:${metricsPort}/metrics`)).text();
    const value = (re) => Number(re.exec(text)?.[1] ?? NaN);
    /** @type {Record<string, number>} */
    const requests = {};
    for (const m of text.matchAll(/^http_requests_total\{kind="([^"]+)",status="(\d+)"\} (\d+)/gm)) requests[`${m[1]} ${m[2]}`] = Number(m[3]);
    return {
      waiting: value(/^clinic_connections\{state="waiting"\} (\d+)/m),
      stalled: value(/^clinic_connections\{state="stalled"\} (\d+)/m),
      serving: value(/^clinic_connections\{state="serving"\} (\d+)/m),
      flights: value(/^clinic_renders_in_flight (\d+)/m),
      queue: value(/^clinic_render_queue_depth (\d+)/m),
      rendered: value(/^clinic_pages_total\{source="rendered"\} (\d+)/m),
      // (A counter appears once it first counts.)
      refused: value(/^clinic_renders_refused_total (\d+)/m) || 0,
      requests,
    };
  }

  // ------------------------------------------------------------ the pages, checked before any load
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>[a-z]+:\/\/[^/<]*([^<]*)<\/loc>/g)].map((m) => m[1].replaceAll("&amp;", "&") || "/");
  const article = paths.find((p) => p.startsWith("/blog/"));
  if (!article) throw new Error("no /blog/ page in the sitemap");
  const pages = ["/", "/about", "/blogs", article, "/hi"];
  /** @type {Record<string, string>} */
  const etags = {};
  for (const path of pages) {
    const res = await fetch(origin + path, { headers: { "accept-encoding": "br" } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`before any load, GET ${path} answered ${res.status}`);
    etags[path] = res.headers.get("etag") ?? "";
    if (!etags[path]) throw new Error(`GET ${path} has no ETag`);
  }

  const home = await fetch(`${origin}/`, { headers: { "accept-encoding": "identity" } });
  const homeBytes = (await home.arrayBuffer()).byteLength;

  const rssBefore = rssMb();
  const initial = await metrics();
  const kernelBefore = kernelCounters();
  const events = /** @type {{ t: number, what: string }[]} */ ([]);
  const T0 = now();
  const mark = (what) => {
    events.push({ t: now(), what });
    console.error(`==> soak +${((now() - T0) / 1000).toFixed(1)} s: ${what}`);
  };

  // ------------------------------------------------------------ sampling, every 500 ms throughout
  const samples = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const t = now();
      try {
        const m = await metrics();
        samples.push({ t, rss: rssMb(), files: readdirSync(`/proc/${pid}/fd`).length, ...sockstat(), ...m, requests: undefined, kernel: kernelCounters() });
      } catch (error) {
        samples.push({ t, error: String(error) });
      }
      await sleep(Math.max(0, t + 500 - now()));
    }
  })();

  // ------------------------------------------------------------ 6. the visitor, throughout
  const visitor = new Worker(new URL(import.meta.url), { workerData: { role: "visitor", port, pages } });
  const visitsDone = new Promise((done, fail) => {
    visitor.once("message", done);
    visitor.once("error", fail);
  });
  mark("visitor started (alone)");
  await sleep(CALM_S * 1000);

  // ------------------------------------------------------------ 1. slow readers
  mark(`opening ${SLOW} slow readers`);
  const openingFrom = now();
  const SLOW_REQUEST = request("GET", "/", { "Accept-Encoding": "identity" }).repeat(3);
  const slow = { sockets: /** @type {import("node:net").Socket[]} */ ([]), failed: 0, errors: 0 };
  const BATCH = 500; // well within the server's accept backlog (4,096)
  for (let opened = 0; opened < SLOW; opened += BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(BATCH, SLOW - opened) }, () => {
        return new Promise((done) => {
          const socket = connect(port, HOST);
          // Paused before it connects, Node never starts reading it: the answers stay in the kernel.
          socket.pause();
          let connected = false;
          socket.on("connect", () => {
            connected = true;
            socket.write(SLOW_REQUEST);
            done(undefined);
          });
          socket.on("error", () => {
            if (connected) slow.errors++;
            else slow.failed++;
            done(undefined);
          });
          slow.sockets.push(socket);
        });
      }),
    );
  }
  const heldFrom = now();
  mark(`${SLOW - slow.failed} slow readers open (${slow.failed} failed to connect) in ${((heldFrom - openingFrom) / 1000).toFixed(1)} s`);
  const at = (seconds) => sleep(Math.max(0, heldFrom + seconds * 1000 - now()));

  // ------------------------------------------------------------ 3. one byte a second
  await at(2);
  mark(`${ONE_BYTE} one-byte-a-second readers`);
  const oneByte = Array.from({ length: ONE_BYTE }, () => {
    const r = { bytes: 0, head: "", closedAt: /** @type {number | null} */ (null), error: /** @type {string | null} */ (null), started: now() };
    const socket = connect({
      port,
      host: HOST,
      // A one-byte read buffer; returning false stops reading until the next tick resumes it.
      onread: {
        buffer: Buffer.alloc(1),
        callback: (n, buf) => {
          r.bytes += n;
          if (r.head.length < 12) r.head += String.fromCharCode(buf[0]);
          return false;
        },
      },
    });
    socket.on("connect", () => socket.write(SLOW_REQUEST));
    socket.on("error", (e) => (r.error ??= e.code ?? e.message));
    socket.on("close", () => (r.closedAt = now()));
    const tick = setInterval(() => socket.resume(), 1000);
    return { r, stop: () => (clearInterval(tick), socket.destroy()) };
  });

  // ------------------------------------------------------------ 2. searches abandoned mid-render
  await at(5);
  mark(`${SEARCHES} unique searches and 100 shared ones, each closed unread after 10 ms`);
  const searchBefore = await metrics();
  let searchFailed = 0;
  const abandon = (q) =>
    new Promise((done) => {
      const socket = connect(port, HOST);
      socket.pause(); // nothing is read: whatever the server sends stays unread
      socket.on("connect", () => {
        socket.write(request("GET", `/blogs?q=${q}`, { "Accept-Encoding": "br" }));
        setTimeout(() => {
          socket.destroy();
          done(undefined);
        }, 10);
      });
      socket.on("error", () => {
        searchFailed++;
        done(undefined);
      });
    });
  const run = Date.now().toString(36);
  const WAVE = 100; // a wave fills the render queue (64) past its end: some are refused with 503
  for (let n = 0; n < SEARCHES; n += WAVE) {
    await Promise.all(Array.from({ length: Math.min(WAVE, SEARCHES - n) }, (_, i) => abandon(`soak-${run}-${n + i}`)));
    await sleep(250);
  }
  // 20 queries, each asked by 5 clients at once: one flight each, left by all five.
  await Promise.all(Array.from({ length: 100 }, (_, i) => abandon(`soak-${run}-shared-${i % 20}`)));
  const searchEnded = now();
  let flightsAfterSearch = NaN;
  for (let i = 0; i < 100; i++) {
    flightsAfterSearch = (await metrics()).flights;
    if (flightsAfterSearch === 0) break;
    await sleep(100);
  }
  const flightsSettleS = (now() - searchEnded) / 1000;
  const searchAfter = await metrics();
  mark(`searches done; renders in flight ${flightsAfterSearch} ${flightsSettleS.toFixed(1)} s after the last`);

  // ------------------------------------------------------------ 4. Content-Length with Transfer-Encoding
  await at(12);
  mark("request smuggling shapes");
  const smuggled = request("GET", "/about");
  const body = `0\r\n\r\n${smuggled}`;
  const clte = (method, te, version = "1.1") =>
    `${method} / HTTP/${version}\r\nHost: ${HOST}\r\nContent-Length: ${body.length}\r\n${te}\r\n\r\n${body}`;
  const smugglingCases = {
    "GET, Content-Length then Transfer-Encoding: chunked (CL.TE)": clte("GET", "Transfer-Encoding: chunked"),
    "GET, Transfer-Encoding: chunked then Content-Length (TE.CL)": `GET / HTTP/1.1\r\nHost: ${HOST}\r\nTransfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n${smuggled.length.toString(16)}\r\n${smuggled}\r\n0\r\n\r\n`,
    "HEAD, CL.TE": clte("HEAD", "Transfer-Encoding: chunked"),
    "POST, CL.TE": clte("POST", "Transfer-Encoding: chunked"),
    "GET, CL and `Transfer-Encoding : chunked` (space before the colon)": clte("GET", "Transfer-Encoding : chunked"),
    "GET, CL and `Transfer-Encoding: xchunked`": clte("GET", "Transfer-Encoding: xchunked"),
    "GET, CL and `Transfer-Encoding: chunked, identity`": clte("GET", "Transfer-Encoding: chunked, identity"),
    "GET, CL and `Transfer-Encoding: identity, chunked`": clte("GET", "Transfer-Encoding: identity, chunked"),
    "GET, CL and two Transfer-Encoding lines": clte("GET", "Transfer-Encoding: chunked\r\nTransfer-Encoding: identity"),
    "GET HTTP/1.0, CL.TE": clte("GET", "Transfer-Encoding: chunked", "1.0"),
  };
  const smuggling = await Promise.all(
    Object.entries(smugglingCases).map(
      ([name, text]) =>
        new Promise((done) => {
          const socket = connect(port, HOST);
          let received = "";
          let closedByServer = false;
          // Waits for the server to close, or 3 s without a byte (then closes itself).
          let quiet = setTimeout(() => socket.destroy(), 3000);
          socket.setEncoding("latin1");
          socket.on("connect", () => socket.write(text));
          socket.on("data", (d) => {
            received += d;
            clearTimeout(quiet);
            quiet = setTimeout(() => socket.destroy(), 3000);
          });
          socket.on("end", () => (closedByServer = true));
          socket.on("error", () => (closedByServer = true));
          socket.on("close", () => {
            clearTimeout(quiet);
            const statuses = [...received.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((m) => Number(m[1]));
            done({ name, statuses, closedByServer, answeredAbout: received.includes("<h1>About") });
          });
        }),
    ),
  );

  // ------------------------------------------------------------ 5. the floods
  const flood = (kind, requests) =>
    new Promise((done, fail) => {
      const worker = new Worker(new URL(import.meta.url), {
        workerData: { role: "flood", port, requests, connections: FLOOD_CONNECTIONS, seconds: FLOOD_S },
      });
      worker.once("message", (stats) => done({ kind, ...stats }));
      worker.once("error", fail);
    });
  await at(15);
  mark(`HEAD flood, ${FLOOD_S} s`);
  const headFlood = await flood(
    "HEAD",
    pages.map((p) => ({ method: "HEAD", text: request("HEAD", p, { "Accept-Encoding": "br" }) })),
  );
  mark(`conditional flood (If-None-Match: the current ETag), ${FLOOD_S} s`);
  const conditionalFlood = await flood(
    "conditional",
    pages.map((p) => ({ method: "GET", text: request("GET", p, { "Accept-Encoding": "br", "If-None-Match": etags[p] }) })),
  );
  mark("floods done");

  // ------------------------------------------------------------ the end of the slow readers' phase
  await at(HOLD_S);
  const released = now();
  const oneByteResults = oneByte.map(({ r, stop }) => {
    const result = { ...r, endedBeforeRelease: r.closedAt !== null };
    stop();
    return result;
  });
  for (const socket of slow.sockets) socket.destroy();
  mark("slow and one-byte readers closed");
  await sleep(AFTER_S * 1000);
  visitor.postMessage("stop");
  /** @type {{ t: number, path: string, ms: number, status: number, error: string | null }[]} */
  const visits = await visitsDone;
  await visitor.terminate();
  mark("visitor stopped; waiting for the server to hold no stalled or serving connection");

  // ------------------------------------------------------------ settled: the figures after
  let settled = null;
  const settleFrom = now();
  while (now() - settleFrom < 60_000) {
    const m = await metrics();
    if (m.stalled === 0 && m.serving === 0) {
      settled = (now() - settleFrom) / 1000;
      break;
    }
    await sleep(250);
  }
  // The allocator returns freed pages to the system after a short delay.
  await sleep(5000);
  sampling = false;
  await sampler;
  const final = await metrics();
  const kernelAfter = kernelCounters();
  const rssAfter = rssMb();
  const hwm = kib(status(), "VmHWM") / 1024;
  const rssPeak = Math.max(...samples.filter((s) => s.rss).map((s) => s.rss));
  mark(`settled in ${settled === null ? "more than 60" : settled.toFixed(1)} s; RSS ${rssAfter.toFixed(1)} MB`);

  // ------------------------------------------------------------ figures and verdicts
  const held = visits.filter((v) => v.t >= heldFrom && v.t < released);
  const stats = (list) => {
    const ms = list.map((v) => v.ms).sort((a, b) => a - b);
    return { n: list.length, p50: percentile(ms, 50), p99: percentile(ms, 99), max: ms.at(-1) ?? NaN, failures: list.filter((v) => v.error || v.status !== 200).length };
  };
  const calm = stats(visits.filter((v) => v.t < openingFrom));
  const opening = stats(visits.filter((v) => v.t >= openingFrom && v.t < heldFrom));
  const heldStats = stats(held);
  const after = stats(visits.filter((v) => v.t >= released));
  const all = stats(visits);
  const visitorStatuses = tally(visits.map((v) => v.status));
  const unexpected = [];
  for (const [who, statuses] of [["visitor", visitorStatuses], ["HEAD flood", headFlood.statuses], ["conditional flood", conditionalFlood.statuses]]) {
    for (const [code, count] of Object.entries(statuses)) if (!EXPECTED.has(Number(code))) unexpected.push(`${who}: ${count} x ${code || "none"}`);
  }
  const smugglingBad = smuggling.filter((s) => s.statuses.length > 1 || s.answeredAbout || s.statuses.some((c) => c < 400));
  const windowMax = (from, to, key) => {
    const values = samples.filter((s) => s.t >= from && s.t < to && Number.isFinite(s[key])).map((s) => s[key]);
    return values.length ? Math.max(...values) : NaN;
  };
  const searchWindow = [events.find((e) => e.what.includes("searches and"))?.t ?? 0, searchEnded + 10_000];
  const rssLimit = rssBefore + RSS_GROWTH_LIMIT_MB;

  const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : "–");
  const verdict = (ok) => (ok ? "**PASS**" : "**FAIL**");
  const checks = [
    [`${SLOW.toLocaleString("en")} slow readers connected and held ${HOLD_S} s`, `${(SLOW - slow.failed).toLocaleString("en")} connected`, `${SLOW.toLocaleString("en")}`, slow.failed === 0],
    [`visitor p99 while the slow readers are held (${heldStats.n} requests, at least ${MIN_HELD_VISITS})`, `${f1(heldStats.p99)} ms`, `< ${TARGET_P99_MS} ms`, heldStats.p99 < TARGET_P99_MS && heldStats.n >= MIN_HELD_VISITS],
    [`visitor failures (any status but 200, error or timeout), ${all.n} requests`, `${all.failures}`, "0", all.failures === 0],
    ["`clinic_renders_in_flight` at the end (render queue depth)", `${final.flights} (${final.queue})`, "0 (0)", final.flights === 0 && final.queue === 0],
    ["stalled / serving connections after everything closed", settled === null ? `${final.stalled} / ${final.serving} after 60 s` : `0 / 0 within ${settled.toFixed(1)} s`, "0 / 0", settled !== null],
    ["statuses other than 200/304/404/503 (visitor, HEAD flood, conditional flood)", unexpected.length ? unexpected.join("; ") : "none", "none", unexpected.length === 0],
    ["smuggling shapes: a 2xx/3xx, or a second answer (the smuggled request served)", smugglingBad.length ? smugglingBad.map((s) => s.name).join("; ") : "none", "none", smugglingBad.length === 0],
    [`server RSS after, against before + ${RSS_GROWTH_LIMIT_MB} MB`, `${f1(rssAfter)} MB (${rssAfter >= rssBefore ? "+" : ""}${f1(rssAfter - rssBefore)})`, `≤ ${f1(rssLimit)} MB`, rssAfter <= rssLimit],
  ];
  const pass = checks.every((c) => c[3]);
  const verdictsMd = [
    "| target | measured | limit | result |",
    "| --- | ---: | ---: | --- |",
    ...checks.map(([what, measured, limit, ok]) => `| ${what} | ${measured} | ${limit} | ${verdict(ok)} |`),
  ].join("\n");

  // A row every 5 s of the server's state and the visitor's requests in that window.
  const rel = (t) => (t - T0) / 1000;
  const rows = [];
  for (let from = T0; from < samples.at(-1).t; from += 5000) {
    const inWindow = samples.filter((s) => s.t >= from && s.t < from + 5000 && s.rss);
    const last = inWindow.at(-1);
    if (!last) continue;
    const v = stats(visits.filter((x) => x.t >= from && x.t < from + 5000));
    const what = events.filter((e) => e.t >= from && e.t < from + 5000).map((e) => e.what).join("; ");
    const mx = (key) => Math.max(...inWindow.map((s) => s[key]));
    rows.push(
      `| ${rel(from).toFixed(0)} | ${v.n ? `${v.n}: ${f1(v.p50)} / ${f1(v.max)}` : "–"} | ${last.waiting} / ${last.stalled} / ${last.serving} | ${mx("flights")} / ${mx("queue")} | ${f1(mx("rss"))} | ${last.files} | ${f1(mx("tcpMemMb"))} | ${mx("orphans")} | ${what} |`,
    );
  }
  const tcpLimits = tcpMem("tcp_mem").map((pages) => ((pages * pageKb) / 1024).toFixed(0));
  const statusList = (o) => Object.entries(o).sort(([a], [b]) => Number(a) - Number(b)).map(([c, n]) => `${c || "none"}: ${n}`).join(", ") || "none";
  const delta = (key) => final.requests[key] ?? 0;
  const requestRows = Object.keys(final.requests)
    .sort()
    .map((key) => `| ${key.split(" ")[0]} | ${key.split(" ")[1]} | ${delta(key) - (initial.requests[key] ?? 0)} |`);
  const floodRow = (f) =>
    `| ${f.kind} | ${f.answers} (${Math.round(f.answers / f.seconds)} /s) | ${statusList(f.statuses)} | ${f1(f.p50)} / ${f1(f.p99)} / ${f1(f.max)} | ${f.connectionsOpened} | ${f.closedBeforeAnswer} |`;
  const oneByteClosed = oneByteResults.filter((r) => r.endedBeforeRelease).length;
  const oneByteStatuses = tally(oneByteResults.map((r) => r.head.slice(9, 12) || "none"));
  const stalledMax = windowMax(heldFrom, released, "stalled");
  const stalledAtRelease = samples.filter((s) => s.t < released && Number.isFinite(s.stalled)).at(-1)?.stalled;
  for (const s of samples) s.held = s.waiting + s.stalled + s.serving;
  const heldByServerMax = windowMax(heldFrom, released, "held");

  const bodyMd = `## Scenarios and the statuses seen

All at once on one server, timed from the start of the run (table below):

- **Visitor** (all through, in a worker thread): one request every 100-200 ms (start to start), a fresh
  connection each, \`Connection: close\`, \`Accept-Encoding: br\`, in turn ${pages.map((p) => `\`${p}\``).join(", ")}; its time
  runs from \`connect\` to the server's close after the whole answer. ${CALM_S} s alone first, ${AFTER_S} s after the readers left.
  Statuses: ${statusList(visitorStatuses)}.
- **1. Slow readers**: ${SLOW.toLocaleString("en")} connections from this one process, each sending \`GET /\` three times in one write
  (\`Accept-Encoding: identity\`: three answers of ${f1(homeBytes / 1000)} KB) and never reading (paused before connecting, Node never reads them),
  opened ${BATCH} at a time in ${f1((heldFrom - openingFrom) / 1000)} s, held ${HOLD_S} s, then closed (reset: their answers unread).
  ${slow.failed} failed to connect, ${slow.errors} saw an error while held. The client reads nothing, so it sees no status; the
  server's view is in its metrics: at most ${heldByServerMax.toLocaleString("en")} connections held while they were open (waiting + stalled + serving),
  at most ${stalledMax.toLocaleString("en")} stalled, ${stalledAtRelease?.toLocaleString("en")} still stalled when they were closed. The kernel's TCP memory peaked at
  ${f1(windowMax(T0, now(), "tcpMemMb"))} MB (pressure at ${tcpLimits[1]} MB, limit ${tcpLimits[2]} MB): on loopback the clients' receive buffers (about 128 KB
  each, full) are in the same kernel as the server's send buffers; a remote client's are on its own machine.
- **2. Searches abandoned mid-render**: ${SEARCHES} unique \`GET /blogs?q=soak-…\` in waves of ${WAVE} (every 250 ms), then 20
  queries asked by 5 clients each at once; every socket closed unread 10 ms after its request (${searchFailed} failed).
  Server side (metrics, over the scenario): ${searchAfter.rendered - searchBefore.rendered} pages rendered for these ${SEARCHES + 100} requests of ${SEARCHES + 20} distinct
  queries, none of whose answers a client read, ${searchAfter.refused - searchBefore.refused} renders refused (503),
  at most ${windowMax(searchWindow[0], searchWindow[1], "flights")} renders in flight and ${windowMax(searchWindow[0], searchWindow[1], "queue")} queued (sampled every 500 ms);
  renders in flight ${flightsAfterSearch} ${f1(flightsSettleS)} s after the last search was closed.
- **3. One byte a second**: ${ONE_BYTE} clients sending the slow readers' three requests and reading with a 1-byte buffer, one read a
  second, for the rest of the phase. Status lines read: ${statusList(oneByteStatuses)}; bytes taken ${Math.min(...oneByteResults.map((r) => r.bytes))}–${Math.max(...oneByteResults.map((r) => r.bytes))} each;
  ${oneByteClosed} saw the connection end before they closed it${oneByteResults.some((r) => r.error) ? ` (errors: ${[...new Set(oneByteResults.map((r) => r.error).filter(Boolean))].join(", ")})` : ""}. (The kernel's receive buffer lies between:
  a window reopens only when about one segment's worth is free, so to the server these read nothing.)
- **4. Content-Length with Transfer-Encoding** (fresh connection each; the body is \`0\\r\\n\\r\\n\` followed by a whole
  \`GET /about\`, the smuggled request; read until the server closes, or 3 s without a byte):

| request | statuses answered | connection closed by the server | smuggled \`/about\` answered |
| --- | --- | --- | --- |
${smuggling.map((s) => `| ${s.name} | ${s.statuses.join(", ") || "none"} | ${s.closedByServer ? "yes" : "no"} | ${s.answeredAbout || s.statuses.length > 1 ? "**yes**" : "no"} |`).join("\n")}

- **5. Floods** (each in a worker thread, ${FLOOD_CONNECTIONS} keep-alive connections sending one request at a time over the visitor's pages,
  \`Accept-Encoding: br\`; a connection the server closes before an answer is opened again and its request retried):

| flood | answers | statuses | latency p50 / p99 / max (ms) | connections opened | closed before an answer (retried) |
| --- | ---: | --- | ---: | ---: | ---: |
${floodRow(headFlood)}
${floodRow(conditionalFlood)}

## The visitor

| when | requests | p50 (ms) | p99 (ms) | max (ms) | failures |
| --- | ---: | ---: | ---: | ---: | ---: |
| alone, before the slow readers | ${calm.n} | ${f1(calm.p50)} | ${f1(calm.p99)} | ${f1(calm.max)} | ${calm.failures} |
| started while the slow readers were being opened (${f1((heldFrom - openingFrom) / 1000)} s) | ${opening.n} | ${f1(opening.p50)} | ${f1(opening.p99)} | ${f1(opening.max)} | ${opening.failures} |
| **while the ${SLOW.toLocaleString("en")} slow readers were held** (and everything else ran) | ${heldStats.n} | ${f1(heldStats.p50)} | **${f1(heldStats.p99)}** | ${f1(heldStats.max)} | ${heldStats.failures} |
| after they were closed | ${after.n} | ${f1(after.p50)} | ${f1(after.p99)} | ${f1(after.max)} | ${after.failures} |
| all | ${all.n} | ${f1(all.p50)} | ${f1(all.p99)} | ${f1(all.max)} | ${all.failures} |
${
  visits.some((v) => v.error || v.status !== 200)
    ? `\nFailed requests: ${visits.filter((v) => v.error || v.status !== 200).slice(0, 20).map((v) => `+${rel(v.t).toFixed(1)} s \`${v.path}\` ${v.status || ""} ${v.error ?? ""}`.trim()).join("; ")}\n`
    : ""
}
The slowest visitor requests, with the time to \`connect\` and to the answer's first byte (ms):

| at (s) | page | connected | first byte | whole answer | status |
| ---: | --- | ---: | ---: | ---: | ---: |
${[...visits]
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 8)
  .map((v) => `| ${rel(v.t).toFixed(1)} | \`${v.path}\` | ${f1(v.connected)} | ${f1(v.firstByte)} | ${f1(v.ms)} | ${v.status || v.error} |`)
  .join("\n")}

The kernel's TCP counters over the run (\`/proc/net/netstat\`, the whole machine): ${KERNEL_COUNTERS.map((k) => `${k} ${kernelAfter[k] - kernelBefore[k]}`).join(", ")}.

## The server over time

Every 5 s from the start: the visitor's requests in the window (count: p50 / max ms); the server's connections
(\`clinic_connections\` waiting / stalled / serving) at the window's last sample; the most renders in flight /
queued (\`clinic_renders_in_flight\`, \`clinic_render_queue_depth\`) and the highest VmRSS sampled (every 500 ms);
the server's open files; the kernel's TCP memory (\`/proc/net/sockstat\`, all sockets of the machine: pressure at
${tcpLimits[1]} MB, limit ${tcpLimits[2]} MB by \`tcp_mem\`) and orphaned sockets (closed by their process, the kernel still
holding their unsent data).

| s | visitor | waiting / stalled / serving | flights / queued | RSS MB | files | TCP mem MB | orphans | events |
| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |
${rows.join("\n")}

## Memory of the server

| when | VmRSS |
| --- | ---: |
| before: ready, before any load | ${f1(rssBefore)} MB |
| peak sampled during the run (every 500 ms) | ${f1(rssPeak)} MB |
| peak since start (VmHWM, start-up's pre-rendering included) | ${f1(hwm)} MB |
| after: every connection closed, ${settled === null ? "the server still held stalled or serving connections after 60 s" : `no stalled or serving connection (${settled.toFixed(1)} s after the visitor stopped)`}, then 5 s | ${f1(rssAfter)} MB |

The limit on RSS after is before + ${RSS_GROWTH_LIMIT_MB} MB: the searches fill the search LRU (256 entries, ~16 MB by
\`src/cache.rs\`), and the allocator and the two JS runtimes keep part of the peak, an amount that varies from run to
run (three soaks in a row on one server left it at 147, 191 and 166 MB after a start at 155 MB: no growth from round to
round); the state of ${SLOW.toLocaleString("en")} connections (~18 KB each, README) would be ~180 MB, so a leak of half of it fails.

## Requests the server counted

\`http_requests_total\` over the run (the slow readers' answers are counted when their requests are answered):

| kind | status | requests |
| --- | ---: | ---: |
${requestRows.join("\n")}
`;

  writeFileSync(join(out, "verdicts.md"), `${verdictsMd}\n`);
  writeFileSync(join(out, "body.md"), bodyMd);
  writeFileSync(
    join(out, "soak.json"),
    JSON.stringify({ pass, checks, rssBefore, rssPeak, hwm, rssAfter, settled, initial, final, events, samples, visits, headFlood, conditionalFlood, smuggling, oneByte: oneByteResults, slow: { failed: slow.failed, errors: slow.errors } }, null, 1),
  );
  console.log(verdictsMd);
  return pass ? 0 : 1;
}
