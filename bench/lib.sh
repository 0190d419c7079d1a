# Helpers shared by bench/run.sh and its suites (bench/suites/*.sh); sourced, never run.
# The caller sets ROOT and BENCH and `set -euo pipefail` first; begin_suite sets OUT, the running
# suite's scratch folder. Sourcing installs an EXIT trap that stops every process listed in PIDS.
# shellcheck shell=bash

HOST=127.0.0.1
BENCH_OUT="$BENCH/out"

# ---------------------------------------------------------------- 1. messages, suites
log() { printf '==> %s\n' "$*" >&2; }
die() { printf '%s: %s\n' "${DIE_PREFIX:-bench}" "$*" >&2; exit 1; }

# Starts suite NAME: an empty scratch folder $OUT (bench/out/NAME) and messages prefixed with NAME.
begin_suite() { # name
  OUT="$BENCH_OUT/$1"
  DIE_PREFIX="bench $1"
  rm -rf "$OUT"
  mkdir -p "$OUT"
  log "suite $1"
}

# A suite that ran to its end but whose verdict is FAIL calls this: run.sh goes on with the next
# suite and exits 1 at the end. (A suite that cannot measure dies instead.)
FAILED_SUITES=()
suite_failed() { FAILED_SUITES+=("$1"); }

# ---------------------------------------------------------------- 2. processes we start, stopped on exit
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
# Stops everything the running suite started; each suite ends with it, so suites never overlap.
stop_all() {
  stop ${PIDS[@]+"${PIDS[@]}"}
  PIDS=()
}
# A server at the default log level writes one line per request (hundreds of MB under wrk): keep
# only the other lines (start-up, pre-rendering, warnings).
trim_request_logs() {
  local f
  for f in "$BENCH_OUT"/*/server-*.log; do
    if [ ! -f "$f" ] || [ "$(wc -c <"$f")" -le 1000000 ]; then continue; fi
    grep -v ' request: ' "$f" >"$f.trimmed" || true
    mv "$f.trimmed" "$f"
  done
}
cleanup() {
  stop_all
  trim_request_logs
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---------------------------------------------------------------- 3. tools
present() { # command name, or an absolute path
  case $1 in
    /*) [ -e "$1" ] ;;
    *) command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ] ;;
  esac
}
need_pkg() { # command or file, Debian package
  present "$1" && return 0
  [ "$(id -u)" = 0 ] || die "$1 is missing: run  sudo apt-get install -y $2"
  log "installing $2 (apt-get)"
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >&2
}

# wrk, nginx and its brotli_static module (installed when missing) and the other tools the suites
# call; sets NGINX to nginx's path and BROTLI_MODULE to the module's file.
# shellcheck disable=SC2034 # NGINX and BROTLI_MODULE are the suites' to read
need_bench_tools() {
  need_pkg wrk wrk
  need_pkg nginx nginx-light
  NGINX="$(command -v nginx || echo /usr/sbin/nginx)"
  # Where this nginx loads dynamic modules from (Debian: /usr/lib/nginx/modules).
  local modules
  modules=$("$NGINX" -V 2>&1 | sed -n 's/.*--modules-path=\([^ ]*\).*/\1/p')
  BROTLI_MODULE="${modules:-/usr/lib/nginx/modules}/ngx_http_brotli_static_module.so"
  need_pkg "$BROTLI_MODULE" libnginx-mod-http-brotli-static
  local tool
  for tool in curl node cargo; do command -v "$tool" >/dev/null || die "$tool is required"; done
}

# Waits (up to 10 s) until URL answers at all; dies naming NAME otherwise.
wait_http() { # url, name
  for _ in $(seq 200); do
    curl -s -o /dev/null --max-time 1 "$1" && return 0
    sleep 0.05
  done
  die "$2 did not answer $1 within 10 s"
}

# ---------------------------------------------------------------- 4. build
# cargo build --release, then sets BIN to a private copy of the executable in bench/out, so a
# concurrent build (others work in this tree) cannot swap the binary under a measurement, and
# EMBED_DIR to the build script's OUT_DIR (whose js/ssr.js the binary embeds; empty when cargo did
# not say). Read from cargo's JSON messages, one object a line.
# shellcheck disable=SC2034 # BIN and EMBED_DIR are the caller's to read
build_release() {
  log "cargo build --release (may wait for a lock while others build)"
  mkdir -p "$BENCH_OUT"
  cargo build --release --message-format=json-render-diagnostics >"$BENCH_OUT/cargo.json"
  local ours built
  ours=$(grep -E '"package_id":"[^"]*clinic[-_]site' "$BENCH_OUT/cargo.json" || true)
  built=$(sed -n 's/.*"reason":"compiler-artifact".*"executable":"\([^"]*\)".*/\1/p' <<<"$ours" | tail -1)
  EMBED_DIR=$(sed -n 's/.*"reason":"build-script-executed".*"out_dir":"\([^"]*\)".*/\1/p' <<<"$ours" | tail -1)
  if [ -z "$built" ] || [ ! -x "$built" ]; then die "cargo did not report the clinic-site executable (see $BENCH_OUT/cargo.json)"; fi
  cp "$built" "$BENCH_OUT/clinic-site"
  BIN="$BENCH_OUT/clinic-site"
}

# ---------------------------------------------------------------- 5. the machine
# A Markdown table describing the machine, the load average at the start (given) and now, and the
# tool versions a report depends on; a suite may add rows right after it.
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
nginx_version() { "$NGINX" -v 2>&1 | sed 's/^nginx version: //'; }

# The CPU that processes outside the benchmark use while it measures (bench/cpu-others.mjs): "ours"
# is this shell with its children and every process in PIDS with theirs.
others_snap() { node "$BENCH/cpu-others.mjs" snap "$1" $$ ${PIDS[@]+"${PIDS[@]}"}; } # file
others_cores() { node "$BENCH/cpu-others.mjs" diff "$1" $$ ${PIDS[@]+"${PIDS[@]}"}; } # file: cores since the snap

# ---------------------------------------------------------------- 6. the routes
# Writes the path (and query) of every <loc> in the sitemap at URL to FILE, one a line: the pages a
# benchmark visits are the site's own list, whatever SITE_URL says.
sitemap_paths() { # url, file
  curl -sS --fail --max-time 10 -o "$2.xml" "$1" || die "cannot read the sitemap at $1"
  grep -o '<loc>[^<]*</loc>' "$2.xml" \
    | sed -e 's|^<loc>[a-z]*://[^/]*||' -e 's|</loc>$||' -e 's|^$|/|' -e 's|&amp;|\&|g' >"$2"
  [ -s "$2" ] || die "no <loc> in $1"
}

# ---------------------------------------------------------------- 7. starting servers
# Both are scripts/start-server.mjs's, the code that also starts the server for the browser tests and
# Lighthouse. Its start mode runs the command itself (this shell's environment and folder, so
# NO_RENDER_CACHE, LOG_LEVEL and the rest reach the server as set here) and prints the server's own
# pid, so the benchmarks read that process's RSS and CPU, not a wrapper's.

# Prints N free loopback ports on one line; all N are held open together, so they differ.
free_ports() { # N
  node "$ROOT/scripts/start-server.mjs" free-ports "$1"
}

# Sets each variable named to a free loopback port, all different (dies when it cannot).
take_ports() { # variable name...
  local ports
  ports=$(free_ports $#)
  read -r "$@" <<<"$ports"
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

# Writes TEMPLATE to OUTPUT with every @KEY@ replaced by its value (KEY=value arguments; values may
# span lines and hold any character); dies when a placeholder is left over.
fill_template() { # template, output, KEY=value...
  local text pair left
  text=$(<"$1")
  for pair in "${@:3}"; do text=${text//"@${pair%%=*}@"/"${pair#*=}"}; done
  left=$(grep -oE '@[A-Z_]+@' <<<"$text" | sort -u | tr '\n' ' ' || true)
  [ -z "$left" ] || die "$1: no value for $left"
  printf '%s\n' "$text" >"$2"
}

# Starts nginx as NAME from TEMPLATE (bench/*.conf.template) on PORT, in the prefix $OUT/nginx, and
# waits until it answers URL_PATH; sets STARTED_PID. The template's @OUT@, @NAME@, @HOST@, @PORT@
# and @BROTLI_MODULE@ are filled here, any other @KEY@ from the KEY=value arguments.
start_nginx() { # name, template, port, url path, KEY=value...
  local name=$1 template=$2 port=$3 path=$4 prefix="$OUT/nginx"
  mkdir -p "$prefix/tmp"
  fill_template "$template" "$prefix/$name.conf" "OUT=$prefix" "NAME=$name" "HOST=$HOST" "PORT=$port" \
    "BROTLI_MODULE=$BROTLI_MODULE" "${@:5}"
  "$NGINX" -t -q -p "$prefix" -e "$prefix/$name-error.log" -c "$prefix/$name.conf" \
    || die "nginx rejects $prefix/$name.conf (from $template)"
  "$NGINX" -p "$prefix" -e "$prefix/$name-error.log" -c "$prefix/$name.conf" >>"$prefix/$name-stdout.log" 2>&1 &
  STARTED_PID=$!
  PIDS+=("$STARTED_PID")
  wait_http "http://$HOST:$port$path" "nginx $name (log: $prefix/$name-error.log)"
}

# ---------------------------------------------------------------- 8. wrk's figures, medians
# Prints "<req/s> <p50 ms> <p99 ms> <requests> <non-2xx/3xx> <socket errors>" from wrk's output
# (p50 and p99 need --latency; without it they print as -1).
wrk_figures() { # wrk output file
  awk '
    function ms(v) {
      if (v ~ /us$/) return v / 1000
      if (v ~ /ms$/) return v + 0
      if (v ~ /s$/) return v * 1000
      if (v ~ /m$/) return v * 60000
      return v / 1000 # wrk prints microseconds without a unit below 1 us
    }
    BEGIN { p50 = p99 = -1; non2xx = errors = 0 }
    /^Requests\/sec:/ { rps = $2 }
    / requests in / { requests = $1 }
    /^ +50% / { p50 = ms($2) }
    /^ +99% / { p99 = ms($2) }
    /Non-2xx or 3xx responses:/ { non2xx = $NF }
    /Socket errors:/ { gsub(/,/, ""); errors = $4 + $6 + $8 + $10 }
    END {
      if (rps == "" || requests == "") { print "cannot parse the wrk output in " FILENAME > "/dev/stderr"; exit 1 }
      printf "%s %.3f %.3f %s %s %s\n", rps, p50, p99, requests, non2xx, errors
    }' "$1"
}

# Prints the median of the numbers on standard input, one a line (the mean of the middle two of an
# even count).
median() {
  sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit 1; m = int((NR + 1) / 2); print (NR % 2 ? v[m] : (v[m] + v[m + 1]) / 2) }'
}
