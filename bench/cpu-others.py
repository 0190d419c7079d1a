"""CPU used by processes that are not part of the benchmark, to tell a quiet machine from a busy one.

  python3 bench/cpu-others.py snap FILE ROOT_PID...   record every other process's CPU ticks in FILE
  python3 bench/cpu-others.py diff FILE ROOT_PID...   print the cores they used on average since then

"Ours" is each ROOT_PID and all its descendants (bench/run.sh passes itself and the servers it started).
"""
import json
import os
import sys
import time


def processes():
    """pid -> (ppid, utime + stime ticks) of every process readable now."""
    found = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        found[int(name)] = (int(fields[1]), int(fields[11]) + int(fields[12]))
    return found


def others(roots):
    procs = processes()
    ours = set(roots)
    changed = True
    while changed:
        changed = False
        for pid, (ppid, _) in procs.items():
            if ppid in ours and pid not in ours:
                ours.add(pid)
                changed = True
    return {str(pid): ticks for pid, (_, ticks) in procs.items() if pid not in ours}


def main():
    mode, path, roots = sys.argv[1], sys.argv[2], {int(p) for p in sys.argv[3:]}
    if mode == "snap":
        with open(path, "w") as f:
            json.dump({"time": time.monotonic(), "ticks": others(roots)}, f)
        return
    with open(path) as f:
        before = json.load(f)
    after = others(roots)
    used = sum(ticks - before["ticks"].get(pid, 0) for pid, ticks in after.items())
    elapsed = time.monotonic() - before["time"]
    print(f"{max(used, 0) / os.sysconf('SC_CLK_TCK') / elapsed:.2f}")


main()
