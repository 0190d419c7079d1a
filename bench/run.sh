#!/usr/bin/env bash
# Benchmark of the clinic site's GET / on loopback (the "Benchmark" section of issue 2):
#   (a) the release server with its render cache     (b) the same server with NO_RENDER_CACHE=true
#   (c) nginx serving the exact bytes (a) sends       (d) Node rendering the same SSR bundle per request
# plus the time from process start to /readyz 200, the cold (uncached) render time of every route,
# and peak RSS. Prints a Markdown report and writes it to bench/RESULTS.md.
#
# Usage: bash bench/run.sh          (from anywhere; takes about a minute and a half once the build is done)
# Tunables (env): BENCH_DURATION (10s), BENCH_WARMUP (2s), BENCH_CONNECTIONS (32), BENCH_THREADS (2).
# Scratch files (builds, logs, raw wrk output) go to bench/out/, which git ignores.
set -euo pipefail
shopt -s inherit_errexit

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH="$ROOT/bench"
OUT="$BENCH/out"
HOST=127.0.0.1
DURATION="${BENCH_DURATION:-10s}"
WARMUP="${BENCH_WARMUP:-2s}"
CONNECTIONS="${BENCH_CONNECTIONS:-32}"
THREADS="${BENCH_THREADS:-2}"
RUN_STARTED=$(date +%s)
LOAD_START=$(cut -d' ' -f1 /proc/loadavg)
CORES=$(nproc)

cd "$ROOT"
mkdir -p "$OUT"

# Process helpers (stop, stop_tracked, the EXIT trap), need_pkg, build_release, free_ports,
# start_and_wait, track_pidfile and start_server.
# shellcheck source=bench/lib.sh
source "$BENCH/lib.sh"

# ---------------------------------------------------------------- tools
need_bench_tools
[ -d node_modules/esbuild ] || die "node_modules is missing: run  npm ci  in $ROOT first"

# ---------------------------------------------------------------- 1. build
build_release

log "node scripts/build.mjs bench/out/js"
node scripts/build.mjs "$OUT/js" >&2
SSR_JS="$OUT/js/ssr.js"
[ -s "$SSR_JS" ] || die "scripts/build.mjs produced no $SSR_JS"
BUNDLE_SAME="unknown (cargo did not report the build script's OUT_DIR)"
if [ -n "$EMBED_DIR" ] && [ -f "$EMBED_DIR/js/ssr.js" ]; then
  if cmp -s "$SSR_JS" "$EMBED_DIR/js/ssr.js"; then BUNDLE_SAME="yes"; else
    BUNDLE_SAME="NO: client/ or ssr/ changed between the two builds; (d) renders a different bundle"
    log "warning: bench/out/js/ssr.js differs from the bundle embedded in the binary"
  fi
fi
SSR_BYTES=$(wc -c <"$SSR_JS")

# ---------------------------------------------------------------- free ports
read -r PORT_A PORT_B PORT_C PORT_D PORT_E PORT_F < <(free_ports 6)
# Canonical origins, spelled out before the commands that also set HOST for the server.
URL_A="http://$HOST:$PORT_A"
URL_B="http://$HOST:$PORT_B"

# ---------------------------------------------------------------- 2. the Rust server, (a) and (b)
rm -f "$OUT"/*.pid "$OUT"/server-*.log
log "starting (a) the server with the render cache on :$PORT_A"
start_server a "$PORT_A" "$URL_A"
PID_A=$STARTED_PID READY_A_MS=$STARTED_MS

# "true", not "1": clap's plain bool flag accepts only true/false from the environment.
log "starting (b) the server with NO_RENDER_CACHE=true on :$PORT_B"
start_server b "$PORT_B" "$URL_B" NO_RENDER_CACHE=true
PID_B=$STARTED_PID READY_B_MS=$STARTED_MS

# ---------------------------------------------------------------- 3. nginx (c) with (a)'s bytes
mkdir -p "$OUT/nginx/www" "$OUT/nginx/tmp"
curl -sS --max-time 10 -o "$OUT/nginx/www/index.html" -w '%{http_code}' "http://$HOST:$PORT_A/" >"$OUT/a-status.txt"
[ "$(cat "$OUT/a-status.txt")" = 200 ] || die "GET / on (a) answered $(cat "$OUT/a-status.txt")"
# /_data/ is what client-side navigation fetches: the route data (which (d) renders from) and the head.
curl -sS --max-time 10 -o "$OUT/home-navigation.json" "http://$HOST:$PORT_A/_data/"
python3 -c 'import json,sys; json.dump(json.load(open(sys.argv[1]))["data"], open(sys.argv[2], "w"))' \
  "$OUT/home-navigation.json" "$OUT/home-data.json" || die "/_data/ on (a) is not the route data with its head"

sed -e "s|@OUT@|$OUT/nginx|g" -e "s|@PORT@|$PORT_C|g" -e "s|@HOST@|$HOST|g" \
  "$BENCH/nginx.conf.template" >"$OUT/nginx/nginx.conf"
rm -f "$OUT/nginx/nginx.pid"
log "starting (c) nginx on :$PORT_C"
"$NGINX" -p "$OUT/nginx" -e "$OUT/nginx/nginx-error.log" -c "$OUT/nginx/nginx.conf" >"$OUT/nginx/stdout.log" 2>&1 &
PIDS+=("$!")

log "starting (d) node-ssr on :$PORT_D"
node "$BENCH/node-ssr.mjs" "$SSR_JS" "$OUT/home-data.json" "$PORT_D" "$HOST" >"$OUT/node-ssr.log" 2>&1 &
PID_D=$!
PIDS+=("$PID_D")

wait_http "http://$HOST:$PORT_C/" "nginx (log: $OUT/nginx/nginx-error.log)"
wait_http "http://$HOST:$PORT_D/" "node-ssr (log: $OUT/node-ssr.log)"

curl -sS --max-time 10 -o "$OUT/c-body.html" "http://$HOST:$PORT_C/"
cmp -s "$OUT/c-body.html" "$OUT/nginx/www/index.html" || die "nginx does not serve the same bytes as (a)"
# (c) must send (a)'s security and caching headers (copied into nginx.conf.template), or it would
# win by sending less; names lower-cased, values compared exactly.
policy_headers() {
  curl -sS --max-time 10 -D - -o /dev/null "$1" | tr -d '\r' \
    | awk -F': ' 'tolower($1) ~ /^(content-security-policy|x-content-type-options|referrer-policy|permissions-policy|cross-origin-opener-policy|cross-origin-resource-policy|strict-transport-security|cache-control|vary)$/ { print tolower($1) ": " substr($0, length($1) + 3) }' \
    | sort
}
policy_headers "http://$HOST:$PORT_A/" >"$OUT/a-headers.txt"
policy_headers "http://$HOST:$PORT_C/" >"$OUT/c-headers.txt"
diff "$OUT/a-headers.txt" "$OUT/c-headers.txt" >&2 \
  || die "nginx's headers differ from (a)'s (above: < is (a), > is nginx); copy (a)'s into bench/nginx.conf.template"
body_info() { curl -sS --max-time 10 -o /dev/null -w '%{http_code} %{size_download} %{size_header}' "$1"; }
info=$(body_info "http://$HOST:$PORT_A/"); read -r CODE_A SIZE_A HEAD_A <<<"$info"
info=$(body_info "http://$HOST:$PORT_B/"); read -r CODE_B SIZE_B HEAD_B <<<"$info"
info=$(body_info "http://$HOST:$PORT_C/"); read -r CODE_C SIZE_C HEAD_C <<<"$info"
info=$(body_info "http://$HOST:$PORT_D/"); read -r CODE_D SIZE_D HEAD_D <<<"$info"
for code in "$CODE_A" "$CODE_B" "$CODE_C" "$CODE_D"; do [ "$code" = 200 ] || die "a server answered GET / with $code"; done

# ---------------------------------------------------------------- 6. cold render per route, on (b)
# Done before any load, so these are the first renders of each route in (b)'s workers.
ROUTES=("/" "/about" "/appointment" "/contact" "/therapy-and-counselling" "/blogs")
for f in content/services/*.toml; do ROUTES+=("/services/$(basename "$f" .toml)"); done
for f in content/blog/*.toml; do ROUTES+=("/blog/$(basename "$f" .toml)"); done
ROUTES+=("/no-such-page")
log "cold render of ${#ROUTES[@]} routes on (b)"
: >"$OUT/cold.txt"
for route in "${ROUTES[@]}"; do
  # Plain request (no Accept-Encoding): the time is the render and the document shell, no compression.
  curl -sS --max-time 10 -o /dev/null -w "$route %{http_code} %{time_total}\n" "http://$HOST:$PORT_B$route" >>"$OUT/cold.txt"
done

# ---------------------------------------------------------------- 5. load
# Runs wrk twice (warm-up, then measured) and prints "<req/s> <p99 ms> <non-2xx> <socket errors>
# <cores used by processes other than ours during the measured run>".
WRK_OPTS=(-t"$THREADS" -c"$CONNECTIONS")
bench_one() { # name, url
  local name=$1 url=$2 out="$OUT/wrk-$1.txt"
  log "wrk $name: warm-up $WARMUP, then $DURATION against $url"
  timeout 60 wrk "${WRK_OPTS[@]}" -d"$WARMUP" "$url" >"$OUT/wrk-$name-warmup.txt"
  python3 "$BENCH/cpu-others.py" snap "$OUT/cpu-$name.json" $$ "${PIDS[@]}"
  timeout 120 wrk "${WRK_OPTS[@]}" -d"$DURATION" --latency "$url" >"$out"
  local others
  others=$(python3 "$BENCH/cpu-others.py" diff "$OUT/cpu-$name.json" $$ "${PIDS[@]}")
  python3 - "$out" "$others" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
rps = re.search(r"^Requests/sec:\s+([\d.]+)", text, re.M)
p99 = re.search(r"^\s+99%\s+([\d.]+)(us|ms|s)\b", text, re.M)
if not rps or not p99:
    sys.exit(f"cannot parse wrk output in {sys.argv[1]}")
ms = float(p99.group(1)) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[p99.group(2)]
non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text)
sock = re.search(r"Socket errors:\s+connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
errors = sum(int(x) for x in sock.groups()) if sock else 0
print(rps.group(1), f"{ms:.2f}", non2xx.group(1) if non2xx else 0, errors, sys.argv[2])
PY
}
vmhwm_mib() { awk '/^VmHWM/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

res=$(bench_one a "http://$HOST:$PORT_A/"); read -r RPS_A P99_A NON2XX_A ERR_A OTHERS_A <<<"$res"
HWM_A=$(vmhwm_mib "$PID_A")
res=$(bench_one b "http://$HOST:$PORT_B/"); read -r RPS_B P99_B NON2XX_B ERR_B OTHERS_B <<<"$res"
HWM_B=$(vmhwm_mib "$PID_B")
res=$(bench_one c "http://$HOST:$PORT_C/"); read -r RPS_C P99_C NON2XX_C ERR_C OTHERS_C <<<"$res"
res=$(bench_one d "http://$HOST:$PORT_D/"); read -r RPS_D P99_D NON2XX_D ERR_D OTHERS_D <<<"$res"
HWM_D=$(vmhwm_mib "$PID_D")

# ---------------------------------------------------------------- diagnostics (not targets)
# Two variants that show where a gap between (a) and (c) comes from: (a) without its per-request
# log line (LOG_LEVEL=warn), and nginx copying the file through user space (sendfile off), as the
# Rust server does with its in-memory bytes.
log "starting (a-quiet) the server with the render cache and LOG_LEVEL=warn on :$PORT_E"
start_server a-quiet "$PORT_E" "$URL_A" LOG_LEVEL=warn
PID_E=$STARTED_PID
curl -sS --max-time 10 -o "$OUT/e-body.html" "http://$HOST:$PORT_E/"
cmp -s "$OUT/e-body.html" "$OUT/nginx/www/index.html" || die "(a-quiet) does not send the same bytes as (a)"
res=$(bench_one a-quiet "http://$HOST:$PORT_E/"); read -r RPS_E P99_E _ _ OTHERS_E <<<"$res"
stop_tracked "$PID_E"

sed -e "s|@OUT@|$OUT/nginx|g" -e "s|@PORT@|$PORT_F|g" -e "s|@HOST@|$HOST|g" \
  -e "s|^pid .*|pid $OUT/nginx/nginx-logged.pid;|" -e "s|access_log off;|access_log $OUT/nginx/access.log;|" \
  "$BENCH/nginx.conf.template" >"$OUT/nginx/nginx-logged.conf"
log "starting (c-logged) nginx with an access log line per request on :$PORT_F"
"$NGINX" -p "$OUT/nginx" -e "$OUT/nginx/nginx-error.log" -c "$OUT/nginx/nginx-logged.conf" >>"$OUT/nginx/stdout.log" 2>&1 &
PID_F=$!
PIDS+=("$PID_F")
wait_http "http://$HOST:$PORT_F/" "nginx with access log (log: $OUT/nginx/nginx-error.log)"
res=$(bench_one c-logged "http://$HOST:$PORT_F/"); read -r RPS_F P99_F _ _ OTHERS_F <<<"$res"
rm -f "$OUT/nginx/access.log"
stop_tracked "$PID_F"

# ---------------------------------------------------------------- 8. report
ratio() { awk -v x="$1" -v y="$2" 'BEGIN { if (y > 0) printf "%.2f", x / y; else print "n/a" }'; }
verdict() { awk -v x="$1" -v y="$2" 'BEGIN { print (x >= y ? "met" : "not met") }'; }
A_C=$(ratio "$RPS_A" "$RPS_C"); A_D=$(ratio "$RPS_A" "$RPS_D"); B_D=$(ratio "$RPS_B" "$RPS_D"); A_B=$(ratio "$RPS_A" "$RPS_B")
TARGET_C=$(verdict "$A_C" 0.9); TARGET_D=$(verdict "$A_D" 10)

cpu_model=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
[ -n "$cpu_model" ] || cpu_model=$(lscpu 2>/dev/null | awk -F': +' '/Model name/ { print $2; exit }')
mem_total=$(free -h | awk '/^Mem:/ { print $2 }')
wrk_version=$(wrk --version 2>&1 | head -1 | awk '{ print $1, $2 }' || true)
nginx_version=$("$NGINX" -v 2>&1 | sed 's/^nginx version: //')
rustc_version=$(rustc --version)
node_version=$(node --version)
rust_workers=${SSR_WORKERS:-$CORES}
non2xx_note=""
for pair in "a:$NON2XX_A:$ERR_A" "b:$NON2XX_B:$ERR_B" "c:$NON2XX_C:$ERR_C" "d:$NON2XX_D:$ERR_D"; do
  IFS=: read -r n bad err <<<"$pair"
  if [ "$bad" != 0 ] || [ "$err" != 0 ]; then non2xx_note+="- ($n): $bad non-2xx responses, $err socket errors during the measured run (see bench/out/wrk-$n.txt)"$'\n'; fi
done

cold_table=$(awk '{ printf "| `%s` | %s | %.1f |\n", $1, $2, $3 * 1000 }' "$OUT/cold.txt")
read -r COLD_MEDIAN COLD_MAX COLD_MAX_ROUTE < <(python3 - "$OUT/cold.txt" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1]) if line.strip()]
ms = [float(r[2]) * 1000 for r in rows]
worst = max(rows, key=lambda r: float(r[2]))
print(f"{statistics.median(ms):.1f}", f"{max(ms):.1f}", worst[0])
PY
)
cold_bad=$(awk '$2 != 200 && $1 != "/no-such-page" { printf "%s answered %s; ", $1, $2 } $1 == "/no-such-page" && $2 != 404 { printf "%s answered %s (expected 404); ", $1, $2 }' "$OUT/cold.txt")

REPORT="$OUT/RESULTS.md"
cat >"$REPORT" <<EOF
# Benchmark: GET / of the clinic site

Produced by \`bash bench/run.sh\` (reproduce with that one command; it builds, starts every server on
a free loopback port, measures and stops them, in about a minute and a half after the build). Every figure
below comes from one run on the machine described; the ratios compare servers measured in that run.

## Machine

| | |
| --- | --- |
| date | $(date -u '+%Y-%m-%d %H:%M UTC') |
| cores (nproc) | ${CORES} |
| load average (1 min) at start / end | ${LOAD_START} / $(cut -d' ' -f1 /proc/loadavg) |
| CPU | ${cpu_model:-unknown} |
| memory | ${mem_total} |
| kernel | $(uname -sr) |
| source | \`$(git -C "$ROOT" describe --always --dirty 2>/dev/null || echo unknown)\` (built from the working tree) |
| rustc | ${rustc_version} |
| node | ${node_version} |
| wrk | ${wrk_version} |
| nginx | ${nginx_version} |

## Throughput and latency of \`GET /\`

\`wrk -t${THREADS} -c${CONNECTIONS} -d${DURATION} --latency\` after a ${WARMUP} warm-up run, each server alone
under load, wrk on the same cores as the server. No \`Accept-Encoding\`, so every server sends
uncompressed HTML.

| server | req/s | p99 latency | body bytes | header bytes | other processes' CPU |
| --- | ---: | ---: | ---: | ---: | ---: |
| (a) Rust, render cache on | ${RPS_A} | ${P99_A} ms | ${SIZE_A} | ${HEAD_A} | ${OTHERS_A} cores |
| (b) Rust, \`NO_RENDER_CACHE=true\` (QuickJS render per request) | ${RPS_B} | ${P99_B} ms | ${SIZE_B} | ${HEAD_B} | ${OTHERS_B} cores |
| (c) nginx, the same bytes as (a) from a file, with (a)'s security headers | ${RPS_C} | ${P99_C} ms | ${SIZE_C} | ${HEAD_C} | ${OTHERS_C} cores |
| (d) Node \`node:http\`, same SSR bundle, render per request | ${RPS_D} | ${P99_D} ms | ${SIZE_D} | ${HEAD_D} | ${OTHERS_D} cores |

"Other processes' CPU": the average number of cores that processes outside this benchmark (neither
the servers nor wrk) used during that measured run (\`bench/cpu-others.py\`); well above 0 means the
machine was shared and that row is low by roughly that share of ${CORES} cores.

${non2xx_note}
| ratio (req/s) | value |
| --- | ---: |
| a / c | ${A_C} |
| a / d | ${A_D} |
| b / d | ${B_D} |
| a / b | ${A_B} |

| target | measured | result |
| --- | ---: | --- |
| (a) ≥ 0.9 × (c) | ${A_C} × | **${TARGET_C}** |
| (a) ≥ 10 × (d) | ${A_D} × | **${TARGET_D}** |

Diagnostics, same run, not targets:

| variant | req/s | p99 latency | vs (c) | other processes' CPU |
| --- | ---: | ---: | ---: | ---: |
| (a-quiet) (a) with \`LOG_LEVEL=warn\` (no log line per request) | ${RPS_E} | ${P99_E} ms | $(ratio "$RPS_E" "$RPS_C") | ${OTHERS_E} cores |
| (c-logged) (c) with an access log line per request (nginx's default \`combined\` format, to a file) | ${RPS_F} | ${P99_F} ms | $(ratio "$RPS_F" "$RPS_C") | ${OTHERS_F} cores |

(a-quiet) / (a) = $(ratio "$RPS_E" "$RPS_A"): how much faster (a) is without its one log line per request.
(a-quiet) / (c) = $(ratio "$RPS_E" "$RPS_C"): both servers without a per-request log line.
(a) / (c-logged) = $(ratio "$RPS_A" "$RPS_F"): both servers writing one log line per request.

Setup: the Rust server is the release binary with its defaults (${rust_workers} SSR workers = cores,
log level \`info\`, one log line per request, written to a file). nginx: \`worker_processes auto\`,
\`access_log off\`, \`sendfile on\`, serving the bytes of (a)'s \`GET /\` saved to a file (checked
identical) with the security and caching headers (a) sends on every response (CSP,
\`X-Content-Type-Options\`, \`Referrer-Policy\`, \`Permissions-Policy\`, \`Cross-Origin-Opener-Policy\`,
\`Cross-Origin-Resource-Policy\`, \`Cache-Control\`, \`Vary\`; checked identical), so both send about as
many header bytes. The Rust server also applies its request limits (\`src/http/limits.rs\`) to
every request; nginx has only its defaults. (d) is one Node process (one JS thread) rendering
\`render("/", data)\` from the same \`ssr.js\` with the home route's data taken from (a)'s \`/_data/\`,
in a smaller document shell (no asset links, no security headers), so its body is a little shorter. Same bundle in (d) as embedded in the binary:
${BUNDLE_SAME}.

## Start-up

| | ms |
| --- | ---: |
| (a) process start → \`/readyz\` 200 (every page pre-rendered) | ${READY_A_MS} |
| (b) process start → \`/readyz\` 200 (cache off, nothing to pre-render) | ${READY_B_MS} |

Polled every 5 ms from the process that spawned the server.

## Cold render per route

One \`GET\` per route against (b) (cache off) before any load, so each is the first render of that
route in its worker; \`curl\` \`time_total\` on loopback, no compression. SSR bundle: ${SSR_BYTES} bytes.

| route | status | ms |
| --- | ---: | ---: |
${cold_table}

Median **${COLD_MEDIAN} ms**, max **${COLD_MAX} ms** (\`${COLD_MAX_ROUTE}\`) over ${#ROUTES[@]} routes.
${cold_bad:+Unexpected status: ${cold_bad}}

## Peak memory

| process | peak RSS (VmHWM) |
| --- | ---: |
| (a) Rust, cache on, after pre-rendering and its load run | ${HWM_A} MiB |
| (b) Rust, cache off, after the cold renders and its load run | ${HWM_B} MiB |
| (d) Node, after its load run (for comparison) | ${HWM_D} MiB |

Raw wrk output, server logs and the nginx config of this run: \`bench/out/\` (not committed).
EOF

# Other tools keep their own sections in RESULTS.md between <!-- NAME:start --> and <!-- NAME:end -->
# (bench/lighthouse.mjs does); carry them over rather than wipe them.
if [ -f "$BENCH/RESULTS.md" ]; then
  python3 - "$BENCH/RESULTS.md" "$REPORT" <<'PY'
import re, sys
old = open(sys.argv[1]).read()
blocks = [m.group(0) for m in re.finditer(r"^<!-- ([\w-]+):start -->$.*?^<!-- \1:end -->$", old, re.M | re.S)]
with open(sys.argv[2], "a") as out:
    for block in blocks:
        out.write("\n" + block + "\n")
PY
fi
cp "$REPORT" "$BENCH/RESULTS.md"
cat "$REPORT"
log "done in $(( $(date +%s) - RUN_STARTED )) s; report written to bench/RESULTS.md"
