#!/usr/bin/env bash
# Running the site as an operator would, measured on loopback (issue 14), in three parts:
#   1. the cost of Prometheus metrics on the cached path: one server with METRICS_ADDR, one without
#   2. two replicas behind nginx as a shared cache: hit ratio, revalidations answered 304, a replica
#      killed with SIGKILL under load, and a content edit reaching visitors through the cache
#   3. slow clients: 10,000 connections that never finish a request header (bench/slow-clients.mjs)
# Prints a Markdown report and writes it to bench/OPERATIONS.md.
#
# Usage: bash bench/operations.sh    (about four minutes after the build)
# Scratch files (logs, raw wrk output, the nginx config and cache) go to bench/out/operations/.
set -euo pipefail
shopt -s inherit_errexit

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH="$ROOT/bench"
OUT="$BENCH/out/operations"
HOST=127.0.0.1
# The replicas' SHARED_MAX_AGE: short, so a run of under a minute sees copies expire and revalidate.
REPLICA_MAX_AGE=5
LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)

cd "$ROOT"
rm -rf "$OUT"
mkdir -p "$OUT"
# shellcheck source=bench/lib.sh
source "$BENCH/lib.sh"

need_bench_tools
# Ten thousand slow connections need as many files on the client side (part 3).
ulimit -n "$(ulimit -Hn)"
build_release

# "<req/s> <requests> <non-2xx> <socket errors>" of a wrk output file.
wrk_figures() {
  python3 - "$1" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
rps = re.search(r"^Requests/sec:\s+([\d.]+)", text, re.M)
total = re.search(r"^\s*(\d+) requests in", text, re.M)
if not rps or not total:
    sys.exit(f"cannot parse wrk output in {sys.argv[1]}")
non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text)
sock = re.search(r"Socket errors:\s+connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
print(rps.group(1), total.group(1), non2xx.group(1) if non2xx else 0, sum(map(int, sock.groups())) if sock else 0)
PY
}
headers_of() { # url: the status line and the headers that must match, sorted (Date and Content-Length aside)
  curl -sS --max-time 10 -H 'Accept-Encoding: br' -D - -o /dev/null "$1" | tr -d '\r' \
    | grep -viE '^(date|content-length):' | sort
}

# ---------------------------------------------------------------- 1. the cost of metrics
read -r PORT_OFF PORT_ON PORT_METRICS < <(free_ports 3)
log "1. metrics: starting a server without and one with METRICS_ADDR"
start_server metrics-off "$PORT_OFF" "http://$HOST:$PORT_OFF" LOG_LEVEL=warn
PID_OFF=$STARTED_PID
start_server metrics-on "$PORT_ON" "http://$HOST:$PORT_OFF" LOG_LEVEL=warn "METRICS_ADDR=$HOST:$PORT_METRICS"
PID_ON=$STARTED_PID
# The same work: the same bytes and headers, status 200 (both name the same SITE_URL).
curl -sS -o "$OUT/off.html" "http://$HOST:$PORT_OFF/"
curl -sS -o "$OUT/on.html" "http://$HOST:$PORT_ON/"
cmp -s "$OUT/off.html" "$OUT/on.html" || die "the two servers send different pages"
diff <(headers_of "http://$HOST:$PORT_OFF/") <(headers_of "http://$HOST:$PORT_ON/") >&2 \
  || die "the two servers send different headers"
headers_of "http://$HOST:$PORT_ON/" | grep -qx 'HTTP/1.1 200 OK' || die "GET / is not 200"
# Alternating rounds, so drift in what else the machine does falls on both sides alike.
ROUNDS=3
: >"$OUT/metrics-rounds.txt"
for round in $(seq "$ROUNDS"); do
  for side in off on; do
    port=PORT_${side^^}
    url="http://$HOST:${!port}/"
    timeout 30 wrk -t2 -c32 -d2s "$url" >/dev/null
    timeout 60 wrk -t2 -c32 -d10s "$url" >"$OUT/wrk-metrics-$side-$round.txt"
    read -r rps _ bad errors < <(wrk_figures "$OUT/wrk-metrics-$side-$round.txt")
    if [ "$bad" != 0 ] || [ "$errors" != 0 ]; then die "metrics $side round $round: $bad non-2xx, $errors socket errors"; fi
    log "metrics $side, round $round: $rps req/s"
    echo "$side $round $rps" >>"$OUT/metrics-rounds.txt"
  done
done
curl -sS -o "$OUT/metrics.txt" "http://$HOST:$PORT_METRICS/metrics"
COUNTED=$(awk '/^http_requests_total\{kind="page",status="200"\}/ { print $2 }' "$OUT/metrics.txt")
read -r MEDIAN_OFF MEDIAN_ON METRICS_RATIO < <(python3 - "$OUT/metrics-rounds.txt" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
off = statistics.median(float(r[2]) for r in rows if r[0] == "off")
on = statistics.median(float(r[2]) for r in rows if r[0] == "on")
print(f"{off:.0f}", f"{on:.0f}", f"{on / off:.3f}")
PY
)
METRICS_VERDICT=$(awk -v r="$METRICS_RATIO" 'BEGIN { print (r >= 0.95 ? "PASS" : "FAIL") }')
METRICS_ROWS=$(awk '{ printf "| %s | %s | %s |\n", $2, ($1 == "off" ? "without" : "with"), $3 }' "$OUT/metrics-rounds.txt")
stop_tracked "$PID_OFF" "$PID_ON"

# ---------------------------------------------------------------- 2. replicas behind a shared cache
log "2. replicas: two servers on one content folder, nginx caching in front"
CONTENT="$OUT/content"
cp -r "$ROOT/content" "$CONTENT"
read -r PORT_A PORT_B PORT_N < <(free_ports 3)
ORIGIN="http://$HOST:$PORT_N"
for replica in a b; do
  port=PORT_${replica^^}
  start_server "replica-$replica" "${!port}" "$ORIGIN" LOG_LEVEL=warn "CONTENT_DIR=$CONTENT" "SHARED_MAX_AGE=$REPLICA_MAX_AGE"
  printf -v "PID_${replica^^}" '%s' "$STARTED_PID"
done
mkdir -p "$OUT/nginx/tmp"
sed -e "s|@OUT@|$OUT/nginx|g" -e "s|@PORT@|$PORT_N|g" -e "s|@HOST@|$HOST|g" \
  -e "s|@REPLICA_A@|$PORT_A|g" -e "s|@REPLICA_B@|$PORT_B|g" \
  "$BENCH/nginx-cache.conf.template" >"$OUT/nginx/nginx.conf"
"$NGINX" -p "$OUT/nginx" -e "$OUT/nginx/nginx-error.log" -c "$OUT/nginx/nginx.conf" >"$OUT/nginx/stdout.log" 2>&1 &
PIDS+=("$!")
wait_http "$ORIGIN/healthz" "nginx (log: $OUT/nginx/nginx-error.log)"

sitemap_paths "$ORIGIN/sitemap.xml" "$OUT/paths.txt"
printf '%s\n' "/blogs?page=2" "/blogs?q=sleep" "/_data/about" >>"$OUT/paths.txt"
PATHS=$(wc -l <"$OUT/paths.txt")
# Replicas agree on validators, so a revalidation may go to either.
ETAGS_SAME=0
while read -r path; do
  a=$(curl -sS -H 'Accept-Encoding: br' -D - -o /dev/null "http://$HOST:$PORT_A$path" | tr -d '\r' | awk -F': ' 'tolower($1) == "etag" { print $2 }')
  b=$(curl -sS -H 'Accept-Encoding: br' -D - -o /dev/null "http://$HOST:$PORT_B$path" | tr -d '\r' | awk -F': ' 'tolower($1) == "etag" { print $2 }')
  if [ -z "$a" ] || [ "$a" != "$b" ]; then die "the replicas' ETags for $path differ: $a / $b"; fi
  ETAGS_SAME=$((ETAGS_SAME + 1))
done <"$OUT/paths.txt"
ETAG=$(curl -sS -H 'Accept-Encoding: br' -D - -o /dev/null "http://$HOST:$PORT_B/about" | tr -d '\r' | awk -F': ' 'tolower($1) == "etag" { print $2 }')
DIRECT_304=$(curl -sS -H 'Accept-Encoding: br' -H "If-None-Match: $ETAG" -o /dev/null -w '%{http_code}' "http://$HOST:$PORT_A/about")
CACHE_CONTROL=$(curl -sS -D - -o /dev/null "http://$HOST:$PORT_A/about" | tr -d '\r' | awk -F': ' 'tolower($1) == "cache-control" { print $2 }')

log "replicas: warm-up, 5 s"
MIX_PATHS="$OUT/paths.txt" timeout 60 wrk -t2 -c32 -d5s -s "$BENCH/mix.lua" "$ORIGIN" >"$OUT/wrk-replicas-warmup.txt"
sleep 2 # nginx writes its log each second; start the count after the warm-up's lines
: >"$OUT/nginx/access.log"
LOAD_SECONDS=40
log "replicas: ${LOAD_SECONDS} s of load; replica a killed at 10 s, /about edited at 15 s"
MIX_PATHS="$OUT/paths.txt" timeout $((LOAD_SECONDS + 60)) \
  wrk -t2 -c32 -d"${LOAD_SECONDS}s" --timeout 5s -s "$BENCH/mix.lua" "$ORIGIN" >"$OUT/wrk-replicas.txt" &
WRK=$!
sleep 10
kill -KILL "$PID_A"
stop_tracked "$PID_A"
sleep 5
python3 - "$CONTENT/about.toml" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
old = '[hero]\ntitle = "About Us"'
assert old in text, "about.toml changed: update the edit in bench/operations.sh"
open(path, "w").write(text.replace(old, '[hero]\ntitle = "About Our Clinic"', 1))
PY
EDITED=$(date +%s.%N)
seen_at() { # url: waits (up to 30 s) for the edited title at url, prints the seconds since the edit
  for _ in $(seq 300); do
    if curl -sS --max-time 2 -H 'Accept-Encoding: identity' "$1" | grep -q '<h1>About Our Clinic</h1>'; then
      awk -v now="$(date +%s.%N)" -v t0="$EDITED" 'BEGIN { printf "%.1f", now - t0 }'
      return 0
    fi
    sleep 0.1
  done
  echo "never"
}
SEEN_REPLICA=$(seen_at "http://$HOST:$PORT_B/about")
SEEN_VISITORS=$(seen_at "$ORIGIN/about")
wait "$WRK"
sleep 2
read -r RPS_N TOTAL_N BAD_N ERRORS_N < <(wrk_figures "$OUT/wrk-replicas.txt")
read -r LOGGED HITS FROM_CACHE UPSTREAM_304 CACHE_ROWS < <(python3 - "$OUT/nginx/access.log" <<'PY'
import collections, sys
verdicts, revalidations = collections.Counter(), 0
for line in open(sys.argv[1]):
    fields = line.split()
    verdicts[fields[0]] += 1
    if fields[0] == "REVALIDATED" and fields[2].strip('"').split(", ")[-1] == "304":
        revalidations += 1
total = sum(verdicts.values())
# Answered from the cache without a full answer from a replica: fresh hits, and stale copies served
# while a background update (a logged subrequest: REVALIDATED when a replica confirmed the copy with
# 304) refreshes them. Those updates are not visitors' requests: they count in neither sum.
visitors = total - verdicts["REVALIDATED"] - verdicts["EXPIRED"]
cached = sum(verdicts[v] for v in ("HIT", "UPDATING", "STALE"))
rows = ";".join(f"{v}={n}" for v, n in verdicts.most_common())
print(visitors, verdicts["HIT"], cached, revalidations, rows)
PY
)
HIT_RATIO=$(awk -v h="$FROM_CACHE" -v t="$LOGGED" 'BEGIN { printf "%.2f", 100 * h / t }')
PURE_HIT_RATIO=$(awk -v h="$HITS" -v t="$LOGGED" 'BEGIN { printf "%.2f", 100 * h / t }')
REPLICA_VERDICT=$(awk -v r="$HIT_RATIO" -v bad="$BAD_N" -v err="$ERRORS_N" -v rev="$UPSTREAM_304" -v seen="$SEEN_VISITORS" -v replica="$SEEN_REPLICA" -v max="$REPLICA_MAX_AGE" \
  'BEGIN { ok = r >= 99 && bad == 0 && err == 0 && rev > 0 && seen != "never" && seen - replica <= max + 1; print (ok ? "PASS" : "FAIL") }')
CACHE_TABLE=$(tr ';' '\n' <<<"$CACHE_ROWS" | awk -F= '{ printf "| %s | %s |\n", $1, $2 }')

# ---------------------------------------------------------------- 3. slow clients
log "3. slow clients (bench/slow-clients.mjs)"
set +e
SLOW_TABLE=$(CLINIC_BIN="$BIN" timeout 600 node "$BENCH/slow-clients.mjs")
SLOW_STATUS=$?
set -e
SLOW_VERDICT=$([ "$SLOW_STATUS" = 0 ] && echo PASS || echo FAIL)

# ---------------------------------------------------------------- report
REPORT="$OUT/OPERATIONS.md"
cat >"$REPORT" <<REPORT_END
# Operating the clinic site: metrics, replicas behind a shared cache, slow clients

Produced by \`bash bench/operations.sh\` (reproduce with that one command; it builds, starts every server
on a free loopback port, measures and stops them, in about four minutes after the build). Every figure
below comes from one run on the machine described.

| part | result |
| --- | --- |
| 1. metrics on, cached \`GET /\`: req/s within 5% of metrics off | **${METRICS_VERDICT}** (ratio ${METRICS_RATIO}) |
| 2. two replicas behind nginx: ≥ 99% from the cache, 304 revalidations, no failed request when one is killed, an edit through the cache within s-maxage | **${REPLICA_VERDICT}** |
| 3. 10,000 slow connections: visitors' p99 < 100 ms | **${SLOW_VERDICT}** |

## Machine

$(machine_table "$LOAD_START")
| nginx | $("$NGINX" -v 2>&1 | sed 's/^nginx version: //') |

## 1. The cost of metrics

Two servers with the render cache and \`LOG_LEVEL=warn\` (no per-request log line, which would cost more
than the metrics and hide them), one with \`METRICS_ADDR\`. Checked first: the same bytes and headers,
status 200. Then \`wrk -t2 -c32 -d10s\` on \`GET /\` (after 2 s of warm-up) on each in turn, ${ROUNDS} rounds.

| round | metrics | req/s |
| --- | --- | ---: |
${METRICS_ROWS}

Median without metrics ${MEDIAN_OFF} req/s, with ${MEDIAN_ON} req/s: **ratio ${METRICS_RATIO}** (target ≥ 0.95).
The server with metrics counted ${COUNTED} page requests answered 200 (\`http_requests_total\`).

## 2. Two replicas behind a shared cache

Two replicas read one content folder (\`CONTENT_DIR\`, as a shared volume would give them) with
\`SHARED_MAX_AGE=${REPLICA_MAX_AGE}\` (the default is 60; shortened so that copies expire during the run), behind
nginx as a caching reverse proxy (\`bench/nginx-cache.conf.template\`: \`proxy_cache\` with both replicas as
one upstream, honouring their headers, \`proxy_cache_revalidate on\`, background updates, stale copies on
errors, the next replica on a failed connection). The replicas' \`Cache-Control\`: \`${CACHE_CONTROL}\`.

- ETags: equal on both replicas for all ${ETAGS_SAME} paths of the mix; a replica answers
  \`If-None-Match\` with the other's ETag with ${DIRECT_304}.
- Load: \`wrk -t2 -c32 -d${LOAD_SECONDS}s\` over ${PATHS} paths (the sitemap's pages, two blog-list queries and
  \`/_data/about\`, with \`Accept-Encoding: br\`) after 5 s of warm-up, through nginx.
- At 10 s replica a was killed with SIGKILL; at 15 s the hero title of \`about.toml\` was edited in the
  shared folder.

| | |
| --- | ---: |
| requests (wrk) | ${TOTAL_N} (${RPS_N} req/s) |
| failed: non-2xx answers / socket errors | ${BAD_N} / ${ERRORS_N} |
| answered from the cache (HIT, or STALE / UPDATING while a background update runs) | **${HIT_RATIO}%** of ${LOGGED} logged |
| fresh hits alone | ${PURE_HIT_RATIO}% |
| revalidations a replica answered 304 | ${UPSTREAM_304} |
| the edit served by the surviving replica | ${SEEN_REPLICA} s after the save |
| the edit seen through the cache | ${SEEN_VISITORS} s after the save (s-maxage ${REPLICA_MAX_AGE} s) |

nginx's verdicts (\`\$upstream_cache_status\`) over the measured run:

| verdict | requests |
| --- | ---: |
${CACHE_TABLE}

## 3. Slow clients

\`node bench/slow-clients.mjs\`: a server started as configured by default, and one with its open-file limit
at 2,048. On each, 100 visitors one after another (each a new connection, \`GET /\`, brotli) with no other
traffic; then 10,000 connections that each send part of a request header and wait; then 100 visitors
again while those are held.

${SLOW_TABLE}

Raw wrk output, server and nginx logs and the nginx config of this run: \`bench/out/operations/\` (not committed).
REPORT_END

cat "$REPORT"
cp "$REPORT" "$BENCH/OPERATIONS.md"
log "wrote bench/OPERATIONS.md"
[ "$METRICS_VERDICT" = PASS ] && [ "$REPLICA_VERDICT" = PASS ] && [ "$SLOW_VERDICT" = PASS ]
