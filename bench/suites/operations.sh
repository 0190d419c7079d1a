# The suite `operations` of bench/run.sh (sourced by it; run it with `bash bench/run.sh operations`):
# running the site as an operator would, measured on loopback (issue 14), in three parts:
#   1. the cost of Prometheus metrics on the cached path: one server with METRICS_ADDR, one without
#   2. two replicas behind nginx as a shared cache: hit ratio, revalidations answered 304, a replica
#      killed with SIGKILL under load, and a content edit reaching visitors through the cache
#   3. slow clients: 10,000 connections that never finish a request header (bench/slow-clients.mjs)
# Writes bench/OPERATIONS.md; verdict FAIL (run.sh then exits 1) when a part misses its target.
# About three minutes after the build. No tunables.
# shellcheck shell=bash

suite_operations() {
  # The replicas' SHARED_MAX_AGE: short, so a run of under a minute sees copies expire and revalidate.
  REPLICA_MAX_AGE=5
  LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)
  # Ten thousand slow connections need as many files on the client side (part 3).
  ulimit -n "$(ulimit -Hn)"
  operations_metrics
  operations_replicas
  operations_slow_clients
  operations_report
}

headers_of() { # url: the status line and the headers that must match, sorted (Date and Content-Length aside)
  curl -sS --max-time 10 -H 'Accept-Encoding: br' -D - -o /dev/null "$1" | tr -d '\r' \
    | grep -viE '^(date|content-length):' | sort
}
etag_of() { # url
  curl -sS -H 'Accept-Encoding: br' -D - -o /dev/null "$1" | tr -d '\r' | awk -F': ' 'tolower($1) == "etag" { print $2 }'
}

# ---------------------------------------------------------------- 1. the cost of metrics
operations_metrics() {
  local port_off port_on port_metrics pid_off pid_on round side port url figures rps bad errors
  take_ports port_off port_on port_metrics
  log "1. metrics: starting a server without and one with METRICS_ADDR"
  start_server metrics-off "$port_off" "http://$HOST:$port_off" LOG_LEVEL=warn
  pid_off=$STARTED_PID
  start_server metrics-on "$port_on" "http://$HOST:$port_off" LOG_LEVEL=warn "METRICS_ADDR=$HOST:$port_metrics"
  pid_on=$STARTED_PID
  # The same work: the same bytes and headers, status 200 (both name the same SITE_URL).
  curl -sS -o "$OUT/off.html" "http://$HOST:$port_off/"
  curl -sS -o "$OUT/on.html" "http://$HOST:$port_on/"
  cmp -s "$OUT/off.html" "$OUT/on.html" || die "the two servers send different pages"
  diff <(headers_of "http://$HOST:$port_off/") <(headers_of "http://$HOST:$port_on/") >&2 \
    || die "the two servers send different headers"
  headers_of "http://$HOST:$port_on/" | grep -qx 'HTTP/1.1 200 OK' || die "GET / is not 200"
  # Alternating rounds, so drift in what else the machine does falls on both sides alike.
  ROUNDS=3
  : >"$OUT/metrics-rounds.txt"
  for round in $(seq "$ROUNDS"); do
    for side in off on; do
      port=port_$side
      url="http://$HOST:${!port}/"
      timeout 30 wrk -t2 -c32 -d2s "$url" >/dev/null
      timeout 60 wrk -t2 -c32 -d10s "$url" >"$OUT/wrk-metrics-$side-$round.txt"
      figures=$(wrk_figures "$OUT/wrk-metrics-$side-$round.txt")
      read -r rps _ _ _ bad errors <<<"$figures"
      if [ "$bad" != 0 ] || [ "$errors" != 0 ]; then die "metrics $side round $round: $bad non-2xx, $errors socket errors"; fi
      log "metrics $side, round $round: $rps req/s"
      echo "$side $round $rps" >>"$OUT/metrics-rounds.txt"
    done
  done
  curl -sS -o "$OUT/metrics.txt" "http://$HOST:$port_metrics/metrics"
  COUNTED=$(awk '/^http_requests_total\{kind="page",status="200"\}/ { print $2 }' "$OUT/metrics.txt")
  MEDIAN_OFF=$(awk '$1 == "off" { print $3 }' "$OUT/metrics-rounds.txt" | median)
  MEDIAN_ON=$(awk '$1 == "on" { print $3 }' "$OUT/metrics-rounds.txt" | median)
  METRICS_RATIO=$(awk -v on="$MEDIAN_ON" -v off="$MEDIAN_OFF" 'BEGIN { printf "%.3f", on / off }')
  METRICS_VERDICT=$(awk -v r="$METRICS_RATIO" 'BEGIN { print (r >= 0.95 ? "PASS" : "FAIL") }')
  METRICS_ROWS=$(awk '{ printf "| %s | %s | %s |\n", $2, ($1 == "off" ? "without" : "with"), $3 }' "$OUT/metrics-rounds.txt")
  stop_tracked "$pid_off" "$pid_on"
}

# ---------------------------------------------------------------- 2. replicas behind a shared cache
operations_replicas() {
  local content="$OUT/content" port_a port_b port_n replica port pid_a path a b wrk_pid figures
  log "2. replicas: two servers on one content folder, nginx caching in front"
  cp -r "$ROOT/content" "$content"
  take_ports port_a port_b port_n
  ORIGIN="http://$HOST:$port_n"
  for replica in a b; do
    port=port_$replica
    start_server "replica-$replica" "${!port}" "$ORIGIN" LOG_LEVEL=warn "CONTENT_DIR=$content" "SHARED_MAX_AGE=$REPLICA_MAX_AGE"
    if [ "$replica" = a ]; then pid_a=$STARTED_PID; fi
  done
  start_nginx cache "$BENCH/nginx-cache.conf.template" "$port_n" /healthz "REPLICA_A=$port_a" "REPLICA_B=$port_b"

  sitemap_paths "$ORIGIN/sitemap.xml" "$OUT/paths.txt"
  printf '%s\n' "/blogs?page=2" "/blogs?q=sleep" "/_data/about" >>"$OUT/paths.txt"
  PATHS=$(wc -l <"$OUT/paths.txt")
  # Replicas agree on validators, so a revalidation may go to either.
  ETAGS_SAME=0
  while read -r path; do
    a=$(etag_of "http://$HOST:$port_a$path")
    b=$(etag_of "http://$HOST:$port_b$path")
    if [ -z "$a" ] || [ "$a" != "$b" ]; then die "the replicas' ETags for $path differ: $a / $b"; fi
    ETAGS_SAME=$((ETAGS_SAME + 1))
  done <"$OUT/paths.txt"
  DIRECT_304=$(curl -sS -H 'Accept-Encoding: br' -H "If-None-Match: $(etag_of "http://$HOST:$port_b/about")" \
    -o /dev/null -w '%{http_code}' "http://$HOST:$port_a/about")
  CACHE_CONTROL=$(curl -sS -D - -o /dev/null "http://$HOST:$port_a/about" | tr -d '\r' | awk -F': ' 'tolower($1) == "cache-control" { print $2 }')

  log "replicas: warm-up, 5 s"
  MIX_PATHS="$OUT/paths.txt" timeout 60 wrk -t2 -c32 -d5s -s "$BENCH/mix.lua" "$ORIGIN" >"$OUT/wrk-replicas-warmup.txt"
  sleep 2 # nginx writes its log each second; start the count after the warm-up's lines
  : >"$OUT/nginx/access.log"
  LOAD_SECONDS=40
  log "replicas: ${LOAD_SECONDS} s of load; replica a killed at 10 s, /about edited at 15 s"
  MIX_PATHS="$OUT/paths.txt" timeout $((LOAD_SECONDS + 60)) \
    wrk -t2 -c32 -d"${LOAD_SECONDS}s" --timeout 5s -s "$BENCH/mix.lua" "$ORIGIN" >"$OUT/wrk-replicas.txt" &
  wrk_pid=$!
  sleep 10
  kill -KILL "$pid_a"
  stop_tracked "$pid_a"
  sleep 5
  edit_about_title "$content/about.toml"
  EDITED=$(date +%s.%N)
  SEEN_REPLICA=$(seen_at "http://$HOST:$port_b/about")
  SEEN_VISITORS=$(seen_at "$ORIGIN/about")
  wait "$wrk_pid"
  sleep 2
  figures=$(wrk_figures "$OUT/wrk-replicas.txt")
  read -r RPS_N _ _ TOTAL_N BAD_N ERRORS_N <<<"$figures"
  cache_figures "$OUT/nginx/access.log"
  REPLICA_VERDICT=$(awk -v r="$HIT_RATIO" -v bad="$BAD_N" -v err="$ERRORS_N" -v rev="$UPSTREAM_304" -v seen="$SEEN_VISITORS" -v replica="$SEEN_REPLICA" -v max="$REPLICA_MAX_AGE" \
    'BEGIN { ok = r >= 99 && bad == 0 && err == 0 && rev > 0 && seen != "never" && seen - replica <= max + 1; print (ok ? "PASS" : "FAIL") }')
}

# The hero title of about.toml, "About Us", becomes "About Our Clinic", written in place as an
# editor saves it.
edit_about_title() { # about.toml
  awk 'prev == "[hero]" && $0 == "title = \"About Us\"" { $0 = "title = \"About Our Clinic\""; edited = 1 }
    { print; prev = $0 } END { exit !edited }' "$1" >"$1.edited" \
    || die "$1 has no [hero] title \"About Us\": update the edit in bench/suites/operations.sh"
  cat "$1.edited" >"$1"
  rm "$1.edited"
}

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

# From nginx's access log (bench/nginx-cache.conf.template's format: the cache's verdict, the status,
# the replicas' statuses in quotes, ...) sets LOGGED (visitors' requests), HITS (fresh hits),
# FROM_CACHE, UPSTREAM_304 (revalidations a replica confirmed), HIT_RATIO, PURE_HIT_RATIO and
# CACHE_TABLE (requests by verdict).
cache_figures() { # access log
  # The background updates (revalidations) are logged subrequests, not visitors' requests: neither
  # REVALIDATED nor EXPIRED counts among them. Answered from the cache without a full answer from a
  # replica: fresh hits, and stale copies served while a background update refreshes them. A
  # revalidation's replica status is the last in its list ("502, 304" when the first one failed).
  local figures
  figures=$(awk '
    { n[$1]++; total++ }
    $1 == "REVALIDATED" && match($0, /"[^"]*"/) {
      s = substr($0, RSTART + 1, RLENGTH - 2); sub(/.*, /, "", s); if (s == "304") confirmed++
    }
    END { print total - n["REVALIDATED"] - n["EXPIRED"], n["HIT"] + 0, n["HIT"] + n["UPDATING"] + n["STALE"], confirmed + 0 }' "$1")
  read -r LOGGED HITS FROM_CACHE UPSTREAM_304 <<<"$figures"
  HIT_RATIO=$(awk -v h="$FROM_CACHE" -v t="$LOGGED" 'BEGIN { printf "%.2f", (t > 0 ? 100 * h / t : 0) }')
  PURE_HIT_RATIO=$(awk -v h="$HITS" -v t="$LOGGED" 'BEGIN { printf "%.2f", (t > 0 ? 100 * h / t : 0) }')
  CACHE_TABLE=$(awk '{ n[$1]++ } END { for (v in n) print n[v], v }' "$1" | sort -rn | awk '{ printf "| %s | %s |\n", $2, $1 }')
}

# ---------------------------------------------------------------- 3. slow clients
operations_slow_clients() {
  log "3. slow clients (bench/slow-clients.mjs)"
  local status
  set +e
  SLOW_TABLE=$(CLINIC_BIN="$BIN" timeout 600 node "$BENCH/slow-clients.mjs")
  status=$?
  set -e
  SLOW_VERDICT=$([ "$status" = 0 ] && echo PASS || echo FAIL)
}

# ---------------------------------------------------------------- 4. report
operations_report() {
  local report="$OUT/OPERATIONS.md"
  cat >"$report" <<REPORT_END
# Operating the clinic site: metrics, replicas behind a shared cache, slow clients

Produced by \`bash bench/run.sh operations\` (the suite \`operations\`, \`bench/suites/operations.sh\`;
reproduce with that one command: it builds, starts every server on a free loopback port, measures and
stops them, in about three minutes after the build). Every figure below comes from one run on the
machine described.

| part | result |
| --- | --- |
| 1. metrics on, cached \`GET /\`: req/s within 5% of metrics off | **${METRICS_VERDICT}** (ratio ${METRICS_RATIO}) |
| 2. two replicas behind nginx: ≥ 99% from the cache, 304 revalidations, no failed request when one is killed, an edit through the cache within s-maxage | **${REPLICA_VERDICT}** |
| 3. 10,000 slow connections: visitors' p99 < 100 ms | **${SLOW_VERDICT}** |

## Machine

$(machine_table "$LOAD_START")
| nginx | $(nginx_version) |

## 1. The cost of metrics

Two servers with the render cache and \`LOG_LEVEL=warn\` (no per-request log line, which would cost more
than the metrics and hide them), one with \`METRICS_ADDR\`. Checked first: the same bytes and headers,
status 200. Then \`wrk -t2 -c32 -d10s\` on \`GET /\` (after 2 s of warm-up) on each in turn, ${ROUNDS} rounds.

| round | metrics | req/s |
| --- | --- | ---: |
${METRICS_ROWS}

Median without metrics $(printf '%.0f' "$MEDIAN_OFF") req/s, with $(printf '%.0f' "$MEDIAN_ON") req/s: **ratio ${METRICS_RATIO}** (target ≥ 0.95).
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

  cat "$report"
  cp "$report" "$BENCH/OPERATIONS.md"
  log "wrote bench/OPERATIONS.md"
  local v
  for v in "$METRICS_VERDICT" "$REPLICA_VERDICT" "$SLOW_VERDICT"; do
    if [ "$v" != PASS ]; then suite_failed operations; return 0; fi
  done
}
