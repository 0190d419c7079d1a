# The suite `load` of bench/run.sh (sourced by it; run it with `bash bench/run.sh load`): the load
# and soak test of the clinic site (the "Load and soak" part of issue 6), on loopback only.
#   warm-up, then phase 1: 60 s at 256 connections, then phase 2: 5 min at 64 connections,
# each a wrk run over a mix of every route (bench/mix.lua): the sitemap's pages, blog list query
# variants, the home route's data and an asset, all asking for brotli as a browser does.
# Verdict PASS with zero socket errors, zero statuses other than 200 and server RSS growth under
# 5 MB over phase 2 (from after phase 1 to the end); FAIL otherwise (run.sh then exits 1). Writes its report
# to bench/out/load/LOAD.md and, for a full-length run, to bench/LOAD.md. About 7 minutes.
#
# Tunables (env), for a quick try; a run with any of them changed does not touch bench/LOAD.md:
#   LOAD_WARMUP_S (10), LOAD_PHASE1_S (60), LOAD_PHASE1_C (256), LOAD_PHASE2_S (300),
#   LOAD_PHASE2_C (64), LOAD_THREADS (2).
# shellcheck shell=bash

suite_load() {
  load_settings
  load_start
  load_mix
  load_run
  load_verdict
  load_report
}

# ---------------------------------------------------------------- 1. settings
load_settings() {
  WARMUP_S="${LOAD_WARMUP_S:-10}"
  PHASE1_S="${LOAD_PHASE1_S:-60}"
  PHASE1_C="${LOAD_PHASE1_C:-256}"
  PHASE2_S="${LOAD_PHASE2_S:-300}"
  PHASE2_C="${LOAD_PHASE2_C:-64}"
  LOAD_THREADS="${LOAD_THREADS:-2}"
  # wrk counts a request unanswered after this long as a timeout (a socket error, so a failure).
  WRK_TIMEOUT=2s
  RSS_LIMIT_BYTES=5000000
  LOADAVG_START=$(cut -d' ' -f1-3 /proc/loadavg)
  TICKS=$(getconf CLK_TCK)
  local n
  for n in "$WARMUP_S" "$PHASE1_S" "$PHASE1_C" "$PHASE2_S" "$PHASE2_C" "$LOAD_THREADS"; do
    [[ "$n" =~ ^[1-9][0-9]*$ ]] || die "durations and counts must be positive integers (got '$n')"
  done
  FULL_RUN=no
  if [ "$WARMUP_S/$PHASE1_S/$PHASE1_C/$PHASE2_S/$PHASE2_C/$LOAD_THREADS" = "10/60/256/300/64/2" ]; then FULL_RUN=yes; fi
}

# ---------------------------------------------------------------- 2. the server
load_start() {
  take_ports SERVER_PORT
  ORIGIN="http://$HOST:$SERVER_PORT"
  # LOG_LEVEL=warn: one log line per request would measure the log file, not the server.
  log "starting the server (LOG_LEVEL=warn) on :$SERVER_PORT"
  start_server load "$SERVER_PORT" "$ORIGIN" LOG_LEVEL=warn
  PID=$STARTED_PID READY_MS=$STARTED_MS
}

# ---------------------------------------------------------------- 3. the mix
# Every page the sitemap lists (as paths: SITE_URL is this server's origin, but only the path
# matters), the blog list's query variants, the home route's data and one asset of the home page.
load_mix() {
  sitemap_paths "$ORIGIN/sitemap.xml" "$OUT/paths.txt"
  SITEMAP_PAGES=$(wc -l <"$OUT/paths.txt")
  curl -sS --fail --max-time 10 -o "$OUT/home.html" "$ORIGIN/"
  # The stylesheet: every page of the site loads it; any other asset if the markup changed.
  ASSET=$(grep -oE '/assets/[^"?#]+\.css' "$OUT/home.html" | head -1 || true)
  [ -n "$ASSET" ] || ASSET=$(grep -oE '/assets/[^"?#]+' "$OUT/home.html" | head -1 || true)
  [ -n "$ASSET" ] || die "no /assets/ path in the home page's HTML"
  printf '%s\n' "/blogs?page=2" "/blogs?q=sleep" "/blogs?view=categories" "/_data/" "$ASSET" >>"$OUT/paths.txt"
  MIX_COUNT=$(wc -l <"$OUT/paths.txt")

  # Each path must answer 200 before the load, so a status seen under load is the load's doing.
  log "checking the $MIX_COUNT paths of the mix"
  local path bad
  : >"$OUT/mix-check.txt"
  while read -r path; do
    curl -sS --max-time 10 -H 'Accept-Encoding: br' -o /dev/null \
      -w "$path %{http_code} %{size_download} %header{content-encoding}\n" "$ORIGIN$path" >>"$OUT/mix-check.txt"
  done <"$OUT/paths.txt"
  bad=$(awk '$2 != 200 { printf "%s answered %s; ", $1, $2 }' "$OUT/mix-check.txt")
  [ -z "$bad" ] || die "before any load: $bad"
}

# ---------------------------------------------------------------- 4. the load: warm-up, phases 1 and 2
rss_kib() { awk '/^VmRSS/ { print $2 }' "/proc/$PID/status"; }
hwm_kib() { awk '/^VmHWM/ { print $2 }' "/proc/$PID/status"; }
# CPU ticks of the server, and of a shell's waited-for children: load_phase runs wrk in the
# foreground of its own subshell, so the difference across a phase is wrk's own CPU.
server_ticks() { awk '{ print $14 + $15 }' "/proc/$PID/stat"; }
children_ticks() { awk '{ print $16 + $17 }' "/proc/$1/stat"; }
cores() { awk -v t="$1" -v s="$2" -v hz="$TICKS" 'BEGIN { printf "%.2f", t / hz / s }'; }

# Writes "<seconds since start> <VmRSS KiB>" of PID to FILE every 5 s while the process lives: the
# trend, not only three points.
sample_rss() { # pid, file
  local start=$SECONDS rss
  while rss=$(awk '/^VmRSS/ { print $2 }' "/proc/$1/status" 2>/dev/null) && [ -n "$rss" ]; do
    echo "$((SECONDS - start)) $rss"
    sleep 5
  done >"$2"
}

load_run() {
  sample_rss "$PID" "$OUT/rss.txt" &
  SAMPLER=$!
  PIDS+=("$SAMPLER")
  LOADAVG_LOAD=$(cut -d' ' -f1-3 /proc/loadavg)
  local res
  # Warm-up at phase 1's concurrency: it fills the blog query cache and grows the per-connection
  # buffers and allocator arenas to what 256 connections need, so the growth measured from here is
  # what the load leaves behind, not the server reaching its working size.
  res=$(load_phase warmup "$WARMUP_S" "$PHASE1_C")
  # shellcheck disable=SC2034 # read through load_row's nameref, as P1 and P2 are
  read -r -a W <<<"$res"
  RSS_WARM=$(rss_kib)
  res=$(load_phase phase1 "$PHASE1_S" "$PHASE1_C"); read -r -a P1 <<<"$res"
  RSS_P1=$(rss_kib)
  res=$(load_phase phase2 "$PHASE2_S" "$PHASE2_C"); read -r -a P2 <<<"$res"
  RSS_END=$(rss_kib)
  HWM_END=$(hwm_kib)
  curl -sS --fail --max-time 10 -o /dev/null "$ORIGIN/readyz" || die "the server stopped answering /readyz after the load"
  stop_tracked "$SAMPLER"
  LOADAVG_END=$(cut -d' ' -f1-3 /proc/loadavg)
}

# Runs one wrk phase and prints its figures as one line: requests, req/s, p50, p99, p99.9, max
# (ms) | socket errors connect, read, write, timeout, non-2xx/3xx | statuses other than 200 |
# brotli responses | cores used by the server, wrk and other processes.
load_phase() { # name, seconds, connections
  local name=$1 secs=$2 conns=$3 out="$OUT/wrk-$1.txt" me=$BASHPID s0 c0 s1 c1 others
  log "wrk $name: ${secs} s at $conns connections over $MIX_COUNT paths"
  others_snap "$OUT/cpu-$name.json"
  s0=$(server_ticks); c0=$(children_ticks "$me")
  # Bounded: wrk stops itself after -d; timeout is the backstop if it hangs.
  MIX_PATHS="$OUT/paths.txt" timeout $((secs + 60)) \
    wrk -t"$LOAD_THREADS" -c"$conns" -d"${secs}s" --timeout "$WRK_TIMEOUT" --latency -s "$BENCH/mix.lua" "$ORIGIN" >"$out"
  s1=$(server_ticks); c1=$(children_ticks "$me")
  others=$(others_cores "$OUT/cpu-$name.json")
  mix_figures "$out" "$(cores $((s1 - s0)) "$secs") $(cores $((c1 - c0)) "$secs") $others"
}

# The figures of load_phase from the "mix ..." lines bench/mix.lua prints (exact microseconds, where
# wrk's own text rounds), followed by TAIL.
mix_figures() { # wrk output, tail
  awk -v tail="$2" '
    $1 != "mix" { next }
    $2 == "summary" { requests = $3; duration_us = $4 }
    $2 == "errors" { errors = $3 " " $4 " " $5 " " $6 " " $7 }
    $2 == "latency_us" { latency = sprintf("%.2f %.2f %.2f %.2f", $3 / 1000, $4 / 1000, $5 / 1000, $6 / 1000) }
    $2 == "status" && $3 != 200 { unexpected += $4 }
    $2 == "brotli" { brotli = $3 }
    END {
      if (requests == "" || errors == "" || latency == "" || brotli == "") {
        print "no \"mix ...\" lines in " FILENAME " (did wrk run mix.lua?)" > "/dev/stderr"; exit 1
      }
      printf "%d %.0f %s %s %d %d %s\n", requests, requests / (duration_us / 1e6), latency, errors, unexpected, brotli, tail
    }' "$1"
}

# ---------------------------------------------------------------- 5. verdict
load_verdict() {
  # Judged over phase 2: V8 reaches its working size only some way into phase 1 (its heaps are sized
  # by time-driven collections, not at once), so growth from the warm-up on is reported, not judged.
  GROWTH_KIB=$((RSS_END - RSS_P1))
  GROWTH_BYTES=$((GROWTH_KIB * 1024))
  WARM_GROWTH_KIB=$((RSS_END - RSS_WARM))
  SOCKET_ERRORS=$((P1[6] + P1[7] + P1[8] + P1[9] + P2[6] + P2[7] + P2[8] + P2[9]))
  # Lua sees every status; wrk's own count (>= 400 only) is a cross-check of the script.
  UNEXPECTED=$((P1[11] + P2[11]))
  WRK_NON2XX=$((P1[10] + P2[10]))
  V_SOCKET=$(pass_if_zero "$SOCKET_ERRORS")
  V_STATUS=$(pass_if_zero "$((UNEXPECTED + WRK_NON2XX))")
  V_RSS=$(pass_if_zero "$((GROWTH_BYTES >= RSS_LIMIT_BYTES))")
  OVERALL=PASS
  local v
  for v in "$V_SOCKET" "$V_STATUS" "$V_RSS"; do [ "$v" = PASS ] || OVERALL=FAIL; done
}
pass_if_zero() { if [ "$1" = 0 ]; then echo PASS; else echo FAIL; fi; }

# ---------------------------------------------------------------- 6. report
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
status_rows() { # wrk output file -> "| status | count |" rows
  awk '$1 == "mix" && $2 == "status" { printf "| %s | %s |\n", $3, $4 }' "$1"
}
load_row() { # label, array name
  local -n r=$2
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s / %s / %s / %s | %s | %s | %s / %s / %s |\n' \
    "$1" "${r[0]}" "${r[1]}" "${r[2]}" "${r[3]}" "${r[4]}" "${r[5]}" "${r[12]}" \
    "${r[6]}" "${r[7]}" "${r[8]}" "${r[9]}" "${r[10]}" "${r[11]}" "${r[13]}" "${r[14]}" "${r[15]}"
}

load_report() {
  local rss_trend rss_range mix_rows length_note="" report="$OUT/LOAD.md"
  rss_trend=$(awk '{ printf "%s%s s: %.1f", (NR > 1 ? ", " : ""), $1, $2 / 1024 } NR % 6 == 0 { printf "\n" }' "$OUT/rss.txt" \
    | awk 'NF' | sed 's/^, //')
  rss_range=$(awk 'NR == 1 || $2 < min { min = $2 } $2 > max { max = $2 } END { printf "%.1f–%.1f", min / 1024, max / 1024 }' "$OUT/rss.txt")
  mix_rows=$(awk '{ printf "| `%s` | %s | %s | %s |\n", $1, $2, $3, ($4 == "" ? "identity" : $4) }' "$OUT/mix-check.txt")
  if [ "$FULL_RUN" = no ]; then
    length_note="**Shortened run** (durations or connections overridden by the environment): not the committed figures."
  fi

  cat >"$report" <<EOF
# Load and soak test of the clinic site: **${OVERALL}**

Produced by \`bash bench/run.sh load\` (the suite \`load\`, \`bench/suites/load.sh\`; reproduce with that
one command: it builds, starts the release server on a free loopback port, runs the load and stops
it, in about 7 minutes after the build). Every figure below comes from one run on the machine described.
${length_note}

| check | measured | limit | result |
| --- | ---: | ---: | --- |
| socket errors (connect, read, write, timeout), phases 1 and 2 | ${SOCKET_ERRORS} | 0 | **${V_SOCKET}** |
| statuses other than 200, phases 1 and 2 (wrk's own count of ≥ 400) | ${UNEXPECTED} (${WRK_NON2XX}) | 0 | **${V_STATUS}** |
| server RSS growth over phase 2 (after phase 1 → end) | ${GROWTH_KIB} KiB ($(awk -v b="$GROWTH_BYTES" 'BEGIN { printf "%.2f", b / 1e6 }') MB) | < 5 MB | **${V_RSS}** |

## Machine

$(machine_table "$LOADAVG_START")
| load average (1, 5, 15 min) before the warm-up | ${LOADAVG_LOAD} |
| load average (1, 5, 15 min) after phase 2 | ${LOADAVG_END} |

The machine may be shared: the load averages and the "other processes" column below show how much
else ran. wrk runs on the same $(nproc) cores as the server and nothing is pinned, so wrk's own CPU
(its column below; the Lua script that counts statuses adds to it) is CPU the server did not have:
the requests/s are a floor for the server, not its ceiling.

## Setup

The release binary (\`cargo build --release\`, a private copy) with its defaults (render cache on,
${SSR_WORKERS:-$(nproc)} SSR workers = cores) and \`LOG_LEVEL=warn\` (no log line per request); ready
${READY_MS} ms after start. wrk ${LOAD_THREADS} threads, \`--timeout ${WRK_TIMEOUT}\` (a request unanswered by then
is a timeout error), \`--latency\`, every request with \`Accept-Encoding: br\`
(\`bench/mix.lua\`). Each connection cycles through the ${MIX_COUNT} paths of the mix in turn:
the ${SITEMAP_PAGES} pages the server's \`/sitemap.xml\` lists, \`/blogs?page=2\`, \`/blogs?q=sleep\`,
\`/blogs?view=categories\`, the home route's data \`/_data/\` and \`${ASSET}\` (the stylesheet the home
page links). Before the load each path answered 200 (table at the end).

Warm-up: ${WARMUP_S} s at ${PHASE1_C} connections, not judged; it fills the blog list's query cache
and grows the per-connection buffers to what phase 1 needs. RSS growth is judged over phase 2, the
${PHASE2_S} s after phase 1: V8's isolates reach their working size only some way into phase 1 (their
heaps are resized by collections that run on timers, so RSS rises in a few steps of a few MB and then
stays flat; with QuickJS it was flat from the warm-up on), and what the load leaves behind shows as
growth over the long phase.

## Results

| run | requests | req/s | p50 ms | p99 ms | p99.9 ms | max ms | br responses | socket errors c / r / w / t | non-2xx/3xx (wrk) | statuses ≠ 200 (Lua) | cores: server / wrk / other processes |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
$(load_row "warm-up, ${WARMUP_S} s at ${PHASE1_C} connections" W)
$(load_row "**phase 1**, ${PHASE1_S} s at ${PHASE1_C} connections" P1)
$(load_row "**phase 2**, ${PHASE2_S} s at ${PHASE2_C} connections" P2)

Latencies are wrk's (exact microseconds from its histogram, through \`done()\`), from request
sent to response read, on loopback. "br responses": responses that came with
\`Content-Encoding: br\` (the mix table gives each path's encoding).
Cores: CPU time over the phase's wall time ($(nproc) cores in all); other processes' from
\`bench/cpu-others.mjs\`.

Responses by status (counted in \`response()\` of \`bench/mix.lua\`):

| phase 1 status | count |
| ---: | ---: |
$(status_rows "$OUT/wrk-phase1.txt")

| phase 2 status | count |
| ---: | ---: |
$(status_rows "$OUT/wrk-phase2.txt")

## Memory of the server

| when | VmRSS |
| --- | ---: |
| after ready + warm-up | $(mib "$RSS_WARM") MiB (${RSS_WARM} KiB) |
| after phase 1 | $(mib "$RSS_P1") MiB (${RSS_P1} KiB) |
| end (after phase 2) | $(mib "$RSS_END") MiB (${RSS_END} KiB) |
| growth, after warm-up → end (not judged) | ${WARM_GROWTH_KIB} KiB |
| growth over phase 2, after phase 1 → end (judged) | ${GROWTH_KIB} KiB |
| peak (VmHWM) | $(mib "$HWM_END") MiB |

Sampled every 5 s from the start of the warm-up (seconds: MiB), range ${rss_range} MiB:

\`\`\`
${rss_trend}
\`\`\`

## The mix

Checked once with \`curl -H 'Accept-Encoding: br'\` before the load (bytes as sent).

| path | status | bytes | encoding |
| --- | ---: | ---: | --- |
${mix_rows}

Raw wrk output, the server log and the RSS samples of this run: \`bench/out/load/\` (not committed).
EOF

  cat "$report"
  if [ "$FULL_RUN" = yes ]; then
    cp "$report" "$BENCH/LOAD.md"
    log "report written to bench/LOAD.md"
  else
    log "shortened run: report in bench/out/load/LOAD.md only (bench/LOAD.md keeps the full run)"
  fi
  log "load: ${OVERALL}"
  [ "$OVERALL" = PASS ] || suite_failed load
}
