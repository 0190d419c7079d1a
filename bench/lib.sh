# Helpers shared by bench/run.sh and bench/load.sh; sourced, never run.
# The caller sets ROOT, BENCH and OUT (its scratch folder, created) and `set -euo pipefail` first.
# Sourcing installs an EXIT trap that stops every process listed in PIDS.
# shellcheck shell=bash

log() { printf '==> %s\n' "$*" >&2; }
die() { printf '%s: %s\n' "${DIE_PREFIX:-bench}" "$*" >&2; exit 1; }

# ---------------------------------------------------------------- processes we start, stopped on exit
PIDS=()
stop() { # pid...: TERM, up to 5 s to finish, then KILL
  local pid
  for pid in "$@"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "$@"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  done
}
# Stops processes started here and forgets them, so the EXIT trap never signals a reused pid.
stop_tracked() {
  local pid keep=() gone
  stop "$@"
  for pid in ${PIDS[@]+"${PIDS[@]}"}; do
    for gone in "$@"; do [ "$pid" = "$gone" ] && continue 2; done
    keep+=("$pid")
  done
  PIDS=(${keep[@]+"${keep[@]}"})
}
cleanup() {
  stop ${PIDS[@]+"${PIDS[@]}"}
  # The servers log one line per request (hundreds of MB under wrk); keep only the other lines.
  local f
  for f in "$OUT"/server-*.log; do
    if [ ! -f "$f" ] || [ "$(wc -c <"$f")" -le 1000000 ]; then continue; fi
    grep -v 'finished processing request' "$f" >"$f.trimmed" || true
    mv "$f.trimmed" "$f"
  done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---------------------------------------------------------------- tools
need_pkg() { # command, Debian package
  command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ] && return 0
  [ "$(id -u)" = 0 ] || die "$1 is missing: run  sudo apt-get install -y $2"
  log "installing $2 (apt-get)"
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >&2
}

# wrk and nginx (installed when missing), the other tools the scripts call; sets NGINX to nginx's path.
# shellcheck disable=SC2034 # NGINX is the caller's to read
need_bench_tools() {
  need_pkg wrk wrk
  need_pkg nginx nginx-light
  local tool
  for tool in curl python3 node cargo; do command -v "$tool" >/dev/null || die "$tool is required"; done
  NGINX="$(command -v nginx || echo /usr/sbin/nginx)"
}

# Waits (up to 10 s) until URL answers at all; dies naming NAME otherwise.
wait_http() { # url, name
  for _ in $(seq 200); do
    curl -s -o /dev/null --max-time 1 "$1" && return 0
    sleep 0.05
  done
  die "$2 did not answer $1 within 10 s"
}

# ---------------------------------------------------------------- build
# cargo build --release, then sets BIN to a private copy of the executable in $OUT, so a concurrent
# build (others work in this tree) cannot swap the binary under a measurement, and EMBED_DIR to the
# build script's OUT_DIR (whose js/ssr.js the binary embeds; empty when cargo did not say).
# shellcheck disable=SC2034 # BIN and EMBED_DIR are the caller's to read
build_release() {
  log "cargo build --release (may wait for a lock while others build)"
  cargo build --release --message-format=json-render-diagnostics >"$OUT/cargo.json"
  local built
  read -r built EMBED_DIR < <(python3 - "$OUT/cargo.json" <<'PY'
import json, sys
exe = out_dir = ""
for line in open(sys.argv[1]):
    try:
        m = json.loads(line)
    except ValueError:
        continue
    if "clinic-site" not in m.get("package_id", "") and "clinic_site" not in m.get("package_id", ""):
        continue
    if m.get("reason") == "compiler-artifact" and m.get("executable"):
        exe = m["executable"]
    elif m.get("reason") == "build-script-executed":
        out_dir = m.get("out_dir", "")
print(exe, out_dir)
PY
  )
  if [ -z "$built" ] || [ ! -x "$built" ]; then die "cargo did not report the clinic-site executable (see $OUT/cargo.json)"; fi
  cp "$built" "$OUT/clinic-site"
  BIN="$OUT/clinic-site"
}

# ---------------------------------------------------------------- the machine
# A Markdown table describing the machine, the load average at the start (given) and now, and the
# tool versions a report depends on.
machine_table() { # load average at the start
  local cpu
  cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
  cat <<TABLE
| | |
| --- | --- |
| date | $(date -u '+%Y-%m-%d %H:%M UTC') |
| cores (nproc) | $(nproc) |
| CPU | ${cpu:-unknown} |
| memory | $(free -h | awk '/^Mem:/ { print $2 }') |
| kernel | $(uname -sr) |
| load average (1, 5, 15 min) at start / end | $1 / $(cut -d' ' -f1-3 /proc/loadavg) |
| source | \`$(git -C "$ROOT" describe --always --dirty 2>/dev/null || echo unknown)\` (built from the working tree) |
| rustc | $(rustc --version) |
| node | $(node --version) |
| wrk | $(wrk --version 2>&1 | head -1 | awk '{ print $1, $2 }' || true) |
TABLE
}

# ---------------------------------------------------------------- the routes
# Writes the path (and query) of every <loc> in the sitemap at URL to FILE, one a line: the pages a
# benchmark visits are the site's own list, whatever SITE_URL says.
sitemap_paths() { # url, file
  curl -sS --fail --max-time 10 -o "$2.xml" "$1" || die "cannot read the sitemap at $1"
  python3 - "$2.xml" >"$2" <<'PY'
import re, sys, urllib.parse
for loc in re.findall(r"<loc>([^<]+)</loc>", open(sys.argv[1]).read()):
    u = urllib.parse.urlsplit(loc)
    print(u.path + (f"?{u.query}" if u.query else ""))
PY
  [ -s "$2" ] || die "no <loc> in $1"
}

# ---------------------------------------------------------------- free ports, starting a server
# Both are scripts/start-server.mjs's, the code that also starts the server for the browser tests and
# Lighthouse (node runs the build already). Its start mode runs the command itself (this shell's
# environment and folder, so NO_RENDER_CACHE, LOG_LEVEL and the rest reach the server as set here) and
# prints the server's own pid, so the benchmarks read that process's RSS and CPU, not a wrapper's.

# Prints N free loopback ports on one line; all N are held open together, so they differ.
free_ports() { # N
  node "$ROOT/scripts/start-server.mjs" free-ports "$1"
}

# Starts a command, records its pid in a file at once (for the EXIT trap), polls GET /readyz every
# 5 ms and prints "<pid> <ms from process start to the first 200>". Gives up after $2 seconds.
start_and_wait() { # log file, timeout s, port, pid file, command...
  node "$ROOT/scripts/start-server.mjs" start "$@"
}

# Adds the pid in a pid file to PIDS (so the trap stops it even when start_and_wait failed).
track_pidfile() { if [ -s "$1" ]; then PIDS+=("$(cat "$1")"); fi; }

# Starts the release binary ($BIN) as server NAME on PORT with SITE_URL ORIGIN and any VAR=value
# settings after them (NO_RENDER_CACHE is off unless given), logging to $OUT/server-NAME.log; sets
# STARTED_PID and STARTED_MS (process start to the first /readyz 200), or dies when it never gets ready.
start_server() { # name, port, origin, VAR=value...
  local name=$1 port=$2 origin=$3 started status
  shift 3
  set +e
  started=$(
    unset NO_RENDER_CACHE
    # shellcheck disable=SC2163 # each argument is VAR=value, which export sets
    if [ $# -gt 0 ]; then export "$@"; fi
    PORT="$port" HOST="$HOST" SITE_URL="$origin" \
      start_and_wait "$OUT/server-$name.log" 60 "$port" "$OUT/$name.pid" "$BIN"
  )
  status=$?
  set -e
  track_pidfile "$OUT/$name.pid"
  [ "$status" = 0 ] || die "($name) did not become ready"
  # shellcheck disable=SC2034 # set for the caller
  read -r STARTED_PID STARTED_MS <<<"$started"
}
