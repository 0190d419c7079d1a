// Lighthouse (issue 7's speed budget) against the release binary, as a visitor on a mid-range phone gets it:
// Lighthouse's defaults, i.e. mobile emulation (Moto G Power class screen, 4x CPU slowdown) and simulated
// slow-4G throttling, in Debian's Chromium, no browser download.
//
//   bash bench/run.sh lighthouse      (the suite bench/suites/lighthouse.sh: builds, then runs this)
//   cargo build --release && node bench/lighthouse.mjs [--runs N] [--no-results] [--origin URL] [path ...]
//
// --origin audits a server that is already running there instead of starting the binary (a staging site,
// or a variant under trial); --no-results leaves bench/RESULTS.md alone.
//
// Starts target/release/clinic-site (or CLINIC_BIN) on a free loopback port, audits each page N times
// (default 3) and keeps the median run (Lighthouse's computeMedianRun), prints its scores and metrics,
// saves the full HTML and JSON reports in bench/out/lighthouse/ (not committed), writes the table into
// bench/RESULTS.md between the lighthouse markers (nothing else in that file changes), and exits 1 when a
// page misses a budget. Wait for a quiet machine: another load (a wrk run) skews every timing.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { CHROMIUM_FLAGS, CHROMIUM_PATH as CHROMIUM } from "../scripts/chromium.mjs";
import { BINARY, startServer } from "../scripts/start-server.mjs";

const PAGES = ["/", "/services/telepsychiatry", "/blogs", "/blog/insomnia", "/hi", "/hi/blogs", "/hi/blog/insomnia"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const BUDGET = { score: 95, lcpMs: 2000, tbtMs: 100, cls: 0.02 };

const OUT = resolve("bench/out/lighthouse");
const RESULTS = resolve("bench/RESULTS.md");
const START = "<!-- lighthouse:start -->";
const END = "<!-- lighthouse:end -->";

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 3;
const writeResults = !args.includes("--no-results");
const originAt = args.indexOf("--origin");
const ORIGIN = originAt >= 0 ? args[originAt + 1] : null;
const paths = args.filter((a, i) => a.startsWith("/") && !["--runs", "--origin"].includes(args[i - 1]));
const pages = paths.length ? paths : PAGES;
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error("--runs needs a whole number of at least 1");
if (!ORIGIN && !existsSync(BINARY)) throw new Error(`${BINARY} is missing: run cargo build --release first`);
if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);

await waitForQuiet();

/** A load test skews every timing: wait (up to 15 minutes) until no wrk runs on this machine. */
async function waitForQuiet() {
  const busy = () => {
    try {
      return execFileSync("pgrep", ["-x", "wrk"], { encoding: "utf8" }).trim() !== "";
    } catch {
      return false; // pgrep exits 1 when nothing matches
    }
  };
  const deadline = Date.now() + 15 * 60_000;
  if (busy()) console.log("waiting for a running wrk (a load test) to finish ...");
  while (busy()) {
    if (Date.now() > deadline) throw new Error("wrk is still running after 15 minutes; run this on a quiet machine");
    await new Promise((r) => setTimeout(r, 5000));
  }
}

const slug = (path) => (path === "/" ? "home" : path.slice(1).replaceAll("/", "-"));

const server = ORIGIN ? { origin: ORIGIN.replace(/\/$/, ""), stop: async () => {} } : await startServer("clinic-lighthouse");
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
});
const loadAtStart = loadavg()[0];
// The user agent string is reduced (Chrome/NNN.0.0.0); the DevTools endpoint names the exact build.
const chromeVersion = await fetch(`http://127.0.0.1:${chrome.port}/json/version`)
  .then((r) => r.json())
  .then((v) => v.Browser, () => "unknown");
const rows = [];
let lighthouseVersion = "";
try {
  mkdirSync(OUT, { recursive: true });
  for (const path of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(server.origin + path));
    const median = computeMedianRun(runs.map((r) => r.lhr));
    const chosen = runs.find((r) => r.lhr === median);
    writeFileSync(join(OUT, `${slug(path)}.report.html`), chosen.report[0]);
    writeFileSync(join(OUT, `${slug(path)}.report.json`), chosen.report[1]);
    const lhr = chosen.lhr;
    lighthouseVersion = lhr.lighthouseVersion;
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const row = {
      path,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: metric("largest-contentful-paint"),
      tbtMs: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      fcpMs: metric("first-contentful-paint"),
      perfRange: [Math.min(...runs.map((r) => score2(r.lhr))), Math.max(...runs.map((r) => score2(r.lhr)))],
      failed: [],
    };
    for (const [key, label] of [["performance", "Performance"], ["accessibility", "Accessibility"], ["bestPractices", "Best Practices"], ["seo", "SEO"]]) {
      if (row[key] < BUDGET.score) row.failed.push(`${label} ${row[key]} < ${BUDGET.score}`);
    }
    if (!(row.lcpMs <= BUDGET.lcpMs)) row.failed.push(`LCP ${fmtS(row.lcpMs)} > ${fmtS(BUDGET.lcpMs)}`);
    if (!(row.tbtMs <= BUDGET.tbtMs)) row.failed.push(`TBT ${Math.round(row.tbtMs)} ms > ${BUDGET.tbtMs} ms`);
    if (!(row.cls <= BUDGET.cls)) row.failed.push(`CLS ${row.cls.toFixed(3)} > ${BUDGET.cls}`);
    // What Lighthouse flags, so a miss comes with its reasons.
    row.flagged = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable" && a.scoreDisplayMode !== "manual")
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`);
    rows.push(row);
    console.log(`${path}: done (${RUNS} run${RUNS > 1 ? "s" : ""})`);
  }
} finally {
  await chrome.kill();
  await server.stop();
}

/** One Lighthouse run; a run that fails (Chromium hiccups now and then) is tried once more. */
async function audit(url, attempt = 1) {
  const flags = { port: chrome.port, output: ["html", "json"], logLevel: "error", onlyCategories: CATEGORIES };
  try {
    const result = await lighthouse(url, flags);
    if (!result) throw new Error("lighthouse returned nothing");
    if (result.lhr.runtimeError) throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
    return result;
  } catch (error) {
    if (attempt >= 2) throw new Error(`${url}: ${error.message}`, { cause: error });
    console.warn(`${url}: ${error.message}; trying again`);
    return audit(url, attempt + 1);
  }
}

function score2(lhr) {
  return Math.round((lhr.categories.performance?.score ?? 0) * 100);
}
function fmtS(ms) {
  return `${(ms / 1000).toFixed(2)} s`;
}

const table = [
  "| page | Performance | Accessibility | Best Practices | SEO | LCP | TBT | CLS | FCP | result |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ...rows.map(
    (r) =>
      `| \`${r.path}\` | ${r.performance}${RUNS > 1 ? ` (${r.perfRange[0]}–${r.perfRange[1]})` : ""} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${fmtS(r.lcpMs)} | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} | ${fmtS(r.fcpMs)} | ${r.failed.length ? `**missed**: ${r.failed.join("; ")}` : "met"} |`,
  ),
];
console.log("\n" + table.join("\n") + "\n");
for (const r of rows) if (r.flagged.length) console.log(`${r.path} flagged: ${r.flagged.join(", ")}`);
console.log(`reports: ${OUT}`);

if (writeResults) {
  const section = [
    START,
    "## Lighthouse",
    "",
    `Produced by \`bash bench/run.sh lighthouse\` (\`bench/lighthouse.mjs\`): Lighthouse ${lighthouseVersion} in Debian's`,
    `Chromium (${chromeVersion}), its default mobile emulation and simulated throttling (slow 4G, 4x CPU`,
    `slowdown), against the release binary on loopback; each page audited ${RUNS} time${RUNS > 1 ? "s" : ""} from a cold cache, the median run`,
    `shown${RUNS > 1 ? " (Performance's range over the runs in brackets)" : ""}. ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC,`,
    `${cpus().length} cores, load average (1 min) ${loadAtStart.toFixed(2)} at start, ${loadavg()[0].toFixed(2)} at end (Chromium's own work included). Budget (issue 7): each score at least`,
    `${BUDGET.score}, LCP at most ${fmtS(BUDGET.lcpMs)}, TBT at most ${BUDGET.tbtMs} ms, CLS at most ${BUDGET.cls}. Full reports: \`bench/out/lighthouse/\` (not committed).`,
    "",
    ...table,
    END,
  ].join("\n");
  const current = existsSync(RESULTS) ? readFileSync(RESULTS, "utf8") : "";
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + section + current.slice(end + END.length)
      : `${current.replace(/\n*$/, "")}\n\n${section}\n`;
  writeFileSync(RESULTS, next);
  console.log(`table written to ${RESULTS} (between ${START} and ${END})`);
}

process.exitCode = rows.some((r) => r.failed.length) ? 1 : 0;
