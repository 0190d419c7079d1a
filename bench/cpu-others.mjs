// CPU used by processes that are not part of the benchmark, to tell a quiet machine from a busy one.
//
//   node bench/cpu-others.mjs snap FILE ROOT_PID...   record every other process's CPU ticks in FILE
//   node bench/cpu-others.mjs diff FILE ROOT_PID...   print the cores they used on average since then
//
// "Ours" is each ROOT_PID and all its descendants (bench/run.sh passes itself and the servers it
// started, which start-server.mjs detaches from it). Used by lib.sh's others_snap and others_cores.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";

// USER_HZ: the unit of utime and stime in /proc/PID/stat; 100 on every Linux port that runs Node.
const TICKS_PER_SECOND = 100;

/** @returns {Map<number, { ppid: number, ticks: number }>} every process readable now */
function processes() {
  const found = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue; // exited since readdir
    }
    // The command name (field 2) may hold spaces and parentheses: split after its last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[0] is field 3 (state): ppid is field 4, utime and stime fields 14 and 15.
    found.set(Number(name), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
  }
  return found;
}

/** @returns {Record<string, number>} pid -> CPU ticks of every process outside the roots' trees */
function others(roots) {
  const procs = processes();
  const ours = new Set(roots);
  for (let grown = true; grown; ) {
    grown = false;
    for (const [pid, { ppid }] of procs) {
      if (ours.has(ppid) && !ours.has(pid)) {
        ours.add(pid);
        grown = true;
      }
    }
  }
  return Object.fromEntries([...procs].filter(([pid]) => !ours.has(pid)).map(([pid, { ticks }]) => [pid, ticks]));
}

// CLOCK_MONOTONIC, the same clock in the snap and the diff process.
const nowSeconds = () => Number(process.hrtime.bigint()) / 1e9;

const [mode, file, ...rootArgs] = process.argv.slice(2);
const roots = rootArgs.map(Number);
if (!["snap", "diff"].includes(mode) || !file || roots.length === 0 || roots.some((p) => !Number.isInteger(p))) {
  console.error("usage: node bench/cpu-others.mjs snap|diff FILE ROOT_PID...");
  process.exit(2);
}
if (mode === "snap") {
  writeFileSync(file, JSON.stringify({ time: nowSeconds(), ticks: others(roots) }));
} else {
  const before = JSON.parse(readFileSync(file, "utf8"));
  const after = others(roots);
  // A process that started since the snapshot counts from zero; one that ended is not counted.
  const used = Object.entries(after).reduce((sum, [pid, ticks]) => sum + ticks - (before.ticks[pid] ?? 0), 0);
  console.log((Math.max(used, 0) / TICKS_PER_SECOND / (nowSeconds() - before.time)).toFixed(2));
}
