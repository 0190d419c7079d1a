# The suite `soak` of bench/run.sh (sourced by it; run it with `bash bench/run.sh soak`): the release
# server with its default settings (METRICS_ADDR on loopback the one addition) under hostile and
# careless clients at once, while a visitor's requests are timed (bench/soak.mjs, one Node process):
#   1. 10,000 slow readers (GET / three times pipelined, never read), held 90 s: past the 60 s send timeout
#   2. 500 unique searches and 100 shared ones, each abandoned 10 ms into its render
#   3. 32 clients reading their answers one byte a second
#   4. requests with both Content-Length and Transfer-Encoding (request smuggling shapes)
#   5. a HEAD flood and a conditional (If-None-Match) flood, 20 s each
# Verdict FAIL (run.sh then exits 1) on: a slow reader that could not connect, the visitor's p99 at
# 100 ms or more while the slow readers are held, any visitor failure, a render in flight at the end, a
# stalled or serving connection left after everything closed, a status other than 200/304/404/503
# from the visitor or the floods, a smuggling shape answered 2xx/3xx or twice, or server RSS after the
# run above RSS before + 90 MB (bench/soak.mjs says why). Writes bench/out/soak/SOAK.md and, for a full-length run, bench/SOAK.md.
# About 2 minutes after the build (118 s measured).
#
# Tunables (env), for a quick try; a run with any of them changed does not touch bench/SOAK.md:
#   SOAK_SLOW (10000), SOAK_HOLD_S (90), SOAK_SEARCHES (500), SOAK_ONE_BYTE (32), SOAK_FLOOD_S (20),
#   SOAK_CALM_S (10), SOAK_AFTER_S (10).
# shellcheck shell=bash

suite_soak() {
  soak_settings
  soak_start
  soak_run
  soak_report
}

# ---------------------------------------------------------------- 1. settings
soak_settings() {
  export SOAK_SLOW="${SOAK_SLOW:-10000}" SOAK_HOLD_S="${SOAK_HOLD_S:-90}" SOAK_SEARCHES="${SOAK_SEARCHES:-500}" \
    SOAK_ONE_BYTE="${SOAK_ONE_BYTE:-32}" SOAK_FLOOD_S="${SOAK_FLOOD_S:-20}" SOAK_CALM_S="${SOAK_CALM_S:-10}" \
    SOAK_AFTER_S="${SOAK_AFTER_S:-10}"
  local n
  for n in "$SOAK_SLOW" "$SOAK_HOLD_S" "$SOAK_SEARCHES" "$SOAK_ONE_BYTE" "$SOAK_FLOOD_S" "$SOAK_CALM_S" "$SOAK_AFTER_S"; do
    [[ "$n" =~ ^[1-9][0-9]*$ ]] || die "counts and durations must be positive integers (got '$n')"
  done
  # The phases inside the slow readers' hold: searches at 5 s, smuggling at 12 s, the floods from 15 s.
  [ "$SOAK_HOLD_S" -ge $((15 + 2 * SOAK_FLOOD_S)) ] || die "SOAK_HOLD_S must be at least 15 + 2 x SOAK_FLOOD_S"
  FULL_RUN=no
  if [ "$SOAK_SLOW/$SOAK_HOLD_S/$SOAK_SEARCHES/$SOAK_ONE_BYTE/$SOAK_FLOOD_S/$SOAK_CALM_S/$SOAK_AFTER_S" = "10000/90/500/32/20/10/10" ]; then
    FULL_RUN=yes
  fi
  LOADAVG_START=$(cut -d' ' -f1-3 /proc/loadavg)
  # The slow readers need as many sockets in the client, and the server as many (it raises its own
  # soft limit to the hard one; MAX_CONNECTIONS is 10,000 when the hard limit allows it).
  ulimit -n "$(ulimit -Hn)"
  [ "$(ulimit -n)" -ge $((SOAK_SLOW + 2000)) ] \
    || die "the open-file limit is $(ulimit -n): $SOAK_SLOW slow readers need $((SOAK_SLOW + 2000)) (raise the hard limit)"
}

# ---------------------------------------------------------------- 2. the server
# The server's own settings: none may come from this environment, so the server runs with its defaults.
SOAK_SERVER_VARS=(LOG_LEVEL LOG_FORMAT METRICS_ADDR CONTENT_DIR SHARED_MAX_AGE MAX_CONNECTIONS SSR_WORKERS SSR_QUEUE
  RENDER_TIMEOUT_MS RENDER_MEMORY_MB HSTS HEADER_READ_TIMEOUT_MS SEND_TIMEOUT_MS)
# The default of the server's flag --NAME, from its --help ("[default: X]" on the line after the flag).
help_default() { # flag name
  "$BIN" --help | awk -v flag="--$1 " 'index($0, flag) { getline; if (match($0, /\[default: [^]]*\]/)) print substr($0, RSTART + 10, RLENGTH - 11) }'
}

soak_start() {
  local port metrics_port var
  for var in "${SOAK_SERVER_VARS[@]}"; do
    [ -z "${!var+set}" ] || die "$var is set in the environment: the soak runs the server with its defaults (unset it)"
  done
  take_ports port metrics_port
  # Default settings (the log at info, a line per request, as in production), metrics on loopback.
  log "starting the server on :$port (metrics on :$metrics_port)"
  start_server soak "$port" "http://$HOST:$port" "METRICS_ADDR=$HOST:$metrics_port"
  SOAK_PORT=$port SOAK_METRICS_PORT=$metrics_port SOAK_PID=$STARTED_PID READY_MS=$STARTED_MS
  DEFAULTS="\`MAX_CONNECTIONS\` $(help_default max-connections), \`SEND_TIMEOUT_MS\` $(help_default send-timeout-ms), \`HEADER_READ_TIMEOUT_MS\` $(help_default header-read-timeout-ms), \`SSR_QUEUE\` $(help_default ssr-queue), \`SSR_WORKERS\` $(nproc) (cores), \`LOG_LEVEL\` $(help_default log-level)"
}

# ---------------------------------------------------------------- 3. the run
soak_run() {
  local status started=$SECONDS ticks0 ticks1
  log "soak: about $((SOAK_CALM_S + SOAK_HOLD_S + SOAK_AFTER_S + 15)) s (bench/soak.mjs)"
  others_snap "$OUT/cpu-others.json"
  ticks0=$(awk '{ print $14 + $15 }' "/proc/$SOAK_PID/stat")
  set +e
  SOAK_PORT=$SOAK_PORT SOAK_METRICS_PORT=$SOAK_METRICS_PORT SOAK_PID=$SOAK_PID SOAK_OUT=$OUT \
    timeout $((SOAK_CALM_S + SOAK_HOLD_S + SOAK_AFTER_S + 300)) node "$BENCH/soak.mjs" >"$OUT/soak-stdout.txt"
  status=$?
  set -e
  SOAK_SECONDS=$((SECONDS - started))
  OTHERS_CORES=$(others_cores "$OUT/cpu-others.json")
  ticks1=$(awk '{ print $14 + $15 }' "/proc/$SOAK_PID/stat" 2>/dev/null || echo "$ticks0")
  SERVER_CORES=$(awk -v t=$((ticks1 - ticks0)) -v hz="$(getconf CLK_TCK)" -v s="$SOAK_SECONDS" 'BEGIN { printf "%.2f", t / hz / s }')
  # 0 PASS, 1 FAIL, with its report's parts written; anything else (or no parts) it could not measure.
  if [ ! -s "$OUT/verdicts.md" ] || [ ! -s "$OUT/body.md" ] || [ "$status" -gt 1 ]; then
    die "bench/soak.mjs could not measure (exit status $status; see above and $OUT/)"
  fi
  VERDICT=$([ "$status" = 0 ] && echo PASS || echo FAIL)
  kill -0 "$SOAK_PID" 2>/dev/null || die "the server died during the soak (log: $OUT/server-soak.log)"
  LOADAVG_END=$(cut -d' ' -f1-3 /proc/loadavg)
  stop_tracked "$SOAK_PID"
}

# ---------------------------------------------------------------- 4. report
soak_report() {
  local report="$OUT/SOAK.md" length_note=""
  if [ "$FULL_RUN" = no ]; then
    length_note="**Shortened run** (counts or durations overridden by the environment): not the committed figures."
  fi
  cat >"$report" <<EOF
# Soak of the clinic site: slow readers, abandoned searches, floods and smuggling at once: **${VERDICT}**

Produced by \`bash bench/run.sh soak\` (the suite \`soak\`, \`bench/suites/soak.sh\`, driving
\`bench/soak.mjs\`; reproduce with that one command: it builds, starts the release server on a free
loopback port, runs every scenario against it and stops it). The soak itself took ${SOAK_SECONDS} s. Every
figure below comes from one run on the machine described.
${length_note}

$(cat "$OUT/verdicts.md")

## Machine

$(machine_table "$LOADAVG_START")
| load average (1, 5, 15 min) after the soak | ${LOADAVG_END} |
| cores used during the soak: the server / processes outside the benchmark | ${SERVER_CORES} / ${OTHERS_CORES} |
| open-file limit (client and server) | $(ulimit -n) |
| kernel TCP memory (\`net.ipv4.tcp_mem\`, pages: low, pressure, limit) | $(cat /proc/sys/net/ipv4/tcp_mem | tr '\t' ' ') |
| \`net.ipv4.tcp_rmem\` / \`tcp_wmem\` (bytes: min, default, max) | $(tr '\t' ' ' </proc/sys/net/ipv4/tcp_rmem) / $(tr '\t' ' ' </proc/sys/net/ipv4/tcp_wmem) |

The load generator (one Node process: the slow readers, searches, one-byte readers and smuggling on its
main thread, the visitor and each flood in a worker thread) runs on the same $(nproc) cores as the server,
and nothing is pinned: the floods take as much CPU as they can get, from the server and the visitor alike.

## Setup

The release binary (\`cargo build --release\`, a private copy) with its default settings (among them
${DEFAULTS}; the log, one line per request at \`info\`, goes to a file) and \`METRICS_ADDR\` on loopback,
read every 500 ms; ready ${READY_MS} ms after start. RSS is the server process's \`VmRSS\` (\`/proc/<pid>/status\`).

$(cat "$OUT/body.md")

Raw figures (every sample and visitor request: \`soak.json\`) and the server log of this run: \`bench/out/soak/\` (not committed).
EOF

  cat "$report"
  if [ "$FULL_RUN" = yes ]; then
    cp "$report" "$BENCH/SOAK.md"
    log "report written to bench/SOAK.md"
  else
    log "shortened run: report in bench/out/soak/SOAK.md only (bench/SOAK.md keeps the full run)"
  fi
  log "soak: ${VERDICT}"
  [ "$VERDICT" = PASS ] || suite_failed soak
}
