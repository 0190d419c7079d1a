# The suite `baseline` of bench/run.sh (sourced by it; run it with `bash bench/run.sh` or
# `bash bench/run.sh baseline`): GET / of the clinic site on loopback against two baselines.
#   (a)        the release server with its render cache, default log level (a line per request)
#   (a-quiet)  the same with LOG_LEVEL=warn (no line per request)
#   (c)        nginx serving (a)'s bytes and headers as static files, access_log off
#   (c-logged) the same with nginx's default access log (the "combined" format, to a file)
#              each of the four measured uncompressed (identity) and with Accept-Encoding: br
#   (b)        the release server with NO_RENDER_CACHE=true: a V8 render per request (its default engine)
#   (b-quickjs) the same with SSR_ENGINE=quickjs: a QuickJS render per request
#   (d)        Node rendering the same SSR bundle per request (bench/node-ssr.mjs)
# plus start-up (the server's "pre-rendered" log line and the time to /readyz 200) and a content
# reload's time, each with V8 and with QuickJS, the first render of every page of the sitemap, and
# memory (idle after start-up, and peak). Writes bench/RESULTS.md, keeping the sections other
# tools write there between <!-- NAME:start --> and <!-- NAME:end --> (Lighthouse's).
#
# Refuses to report (exits 1 and writes no report) when a measured run is not fit to compare:
# processes other than the benchmark's using more than BENCH_MAX_OTHER_CORES cores on average
# during it, any socket error or answer other than 2xx, or, in a run of the cached page ((a),
# (a-quiet), (c), (c-logged)), a p99 latency over BENCH_MAX_TAIL times its median, a median under
# 1 ms counting as 1 ms (a stall, or a machine too busy).
#
# Every cached-page run is repeated in BENCH_ROUNDS alternating rounds, and each figure reported is the
# median of its rounds: a single 10 s run of one server swung by up to a fifth on this machine.
#
# Tunables (env): BENCH_DURATION (10s), BENCH_WARMUP (2s), BENCH_ROUNDS (3), BENCH_CONNECTIONS (32),
# BENCH_THREADS (2), BENCH_MAX_TAIL (10), BENCH_MAX_OTHER_CORES (0.2). With any of them changed the report goes to
# bench/out/baseline/RESULTS.md only, never to bench/RESULTS.md.
# shellcheck shell=bash

suite_baseline() {
  baseline_settings
  baseline_bundle
  baseline_start_ours
  baseline_engines_start_and_reload
  baseline_start_baselines
  baseline_check_same
  baseline_cold_renders
  baseline_measure
  baseline_report
}

# ---------------------------------------------------------------- 1. settings
baseline_settings() {
  DURATION="${BENCH_DURATION:-10s}"
  WARMUP="${BENCH_WARMUP:-2s}"
  ROUNDS="${BENCH_ROUNDS:-3}"
  CONNECTIONS="${BENCH_CONNECTIONS:-32}"
  THREADS="${BENCH_THREADS:-2}"
  MAX_TAIL="${BENCH_MAX_TAIL:-10}"
  MAX_OTHERS="${BENCH_MAX_OTHER_CORES:-0.2}"
  # The tail limit is MAX_TAIL times the median, or times this when the median is shorter. wrk shares
  # the cores with the server: a request that waits for a core waits a scheduler slice, a few ms,
  # which is 10 times a median of 0.1-0.4 ms (nginx's with brotli, measured quiet: p50 0.08-0.4 ms,
  # p99 4-8 ms) without any stall. A 40 ms stall (Nagle meeting a delayed ACK) still trips it.
  TAIL_FLOOR_MS=1
  local n
  for n in "$DURATION" "$WARMUP"; do [[ $n =~ ^[1-9][0-9]*s$ ]] || die "durations are whole seconds such as 10s (got '$n')"; done
  for n in "$ROUNDS" "$CONNECTIONS" "$THREADS"; do [[ $n =~ ^[1-9][0-9]*$ ]] || die "counts are positive integers (got '$n')"; done
  for n in "$MAX_TAIL" "$MAX_OTHERS"; do [[ $n =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "limits are numbers (got '$n')"; done
  FULL_RUN=no
  if [ "$DURATION/$WARMUP/$ROUNDS/$CONNECTIONS/$THREADS/$MAX_TAIL/$MAX_OTHERS" = "10s/2s/3/32/2/10/0.2" ]; then FULL_RUN=yes; fi
  LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)
  [ -d node_modules/esbuild ] || die "node_modules is missing: run  npm ci  in $ROOT first"
}

# ---------------------------------------------------------------- 2. the SSR bundle (d) renders
# Built again here (the binary embeds its own copy), and compared with the copy the binary embeds.
baseline_bundle() {
  log "node scripts/build.mjs bench/out/baseline/js"
  node scripts/build.mjs "$OUT/js" >&2
  SSR_JS="$OUT/js/ssr.js"
  [ -s "$SSR_JS" ] || die "scripts/build.mjs produced no $SSR_JS"
  SSR_BYTES=$(wc -c <"$SSR_JS")
  BUNDLE_SAME="unknown (cargo did not report the build script's OUT_DIR)"
  if [ -n "$EMBED_DIR" ] && [ -f "$EMBED_DIR/js/ssr.js" ]; then
    if cmp -s "$SSR_JS" "$EMBED_DIR/js/ssr.js"; then BUNDLE_SAME="yes"; else
      BUNDLE_SAME="NO: client/ or ssr/ changed between the two builds; (d) renders a different bundle"
      log "warning: bench/out/baseline/js/ssr.js differs from the bundle embedded in the binary"
    fi
  fi
}

# ---------------------------------------------------------------- 3. our servers: (a), (a-quiet), (b)
baseline_start_ours() {
  local figures
  take_ports PORT_A PORT_AQ PORT_B PORT_BQ PORT_C PORT_CL PORT_D
  URL_A="http://$HOST:$PORT_A"
  log "starting (a) the server with its render cache on :$PORT_A"
  start_server a "$PORT_A" "$URL_A"
  PID_A=$STARTED_PID READY_A_MS=$STARTED_MS
  IDLE_A=$(vmrss_mib "$PID_A")
  figures=$(prerender_figures "$OUT/server-a.log")
  read -r PAGES_A LIST_STATES_A PRERENDER_MS_A <<<"$figures"
  # (a)'s SITE_URL, so that its pages are byte for byte (a)'s.
  log "starting (a-quiet) the same with LOG_LEVEL=warn on :$PORT_AQ"
  start_server a-quiet "$PORT_AQ" "$URL_A" LOG_LEVEL=warn
  PID_AQ=$STARTED_PID
  # "true", not "1": clap's plain bool flag accepts only true/false from the environment. No log
  # line per request, as (d) writes none.
  log "starting (b) the server with NO_RENDER_CACHE=true on :$PORT_B"
  start_server b "$PORT_B" "http://$HOST:$PORT_B" NO_RENDER_CACHE=true LOG_LEVEL=warn
  PID_B=$STARTED_PID READY_B_MS=$STARTED_MS
  log "starting (b-quickjs) the same with SSR_ENGINE=quickjs on :$PORT_BQ"
  # (b)'s SITE_URL, so that its pages are byte for byte (b)'s.
  start_server b-quickjs "$PORT_BQ" "http://$HOST:$PORT_B" NO_RENDER_CACHE=true LOG_LEVEL=warn SSR_ENGINE=quickjs
  PID_BQ=$STARTED_PID READY_BQ_MS=$STARTED_MS
}

# ---------------------------------------------------------------- 3b. start-up and a content reload, per engine
# Each engine's server with its render cache, reading a copy of content/ (CONTENT_DIR), one at a time:
# its start-up, its memory when idle, then a content edit (a newline added to site.toml, which changes
# the content's fingerprint) timed from the edit to the log's "content reloaded" (which includes the
# watcher's 300 ms debounce) and by its "pre-rendered" line (the renders and compression alone).
baseline_engines_start_and_reload() {
  local engine
  for engine in v8 quickjs; do
    engine_start_and_reload "$engine"
  done
}

engine_start_and_reload() { # engine
  local name="reload-$1" port dir figures edited reloaded waited=0
  take_ports port
  dir="$OUT/content-$1"
  rm -rf "$dir"
  cp -r content "$dir"
  log "starting ($name) with SSR_ENGINE=$1 and CONTENT_DIR on :$port"
  start_server "$name" "$port" "http://$HOST:$port" "SSR_ENGINE=$1" "CONTENT_DIR=$dir" LOG_LEVEL=info
  local pid=$STARTED_PID
  printf -v "READY_MS_$1" %s "$STARTED_MS"
  local prerender_ms
  figures=$(prerender_figures "$OUT/server-$name.log")
  read -r _ _ prerender_ms <<<"$figures"
  printf -v "PRERENDER_MS_$1" %s "$prerender_ms"
  sleep 1 # settled: the figure is what an idle server holds
  printf -v "IDLE_$1" %s "$(vmrss_mib "$pid")"
  edited=$(date +%s%N)
  printf '\n' >>"$dir/site.toml"
  until grep -q 'content reloaded' "$OUT/server-$name.log"; do
    sleep 0.01
    waited=$((waited + 1))
    [ "$waited" -lt 3000 ] || die "($name) did not reload its content within 30 s (log: $OUT/server-$name.log)"
  done
  reloaded=$(date +%s%N)
  printf -v "RELOAD_MS_$1" %s $(((reloaded - edited) / 1000000))
  printf -v "RELOAD_RENDER_MS_$1" %s "$(grep ' pre-rendered ' "$OUT/server-$name.log" | tail -1 | sed -E 's/.* elapsed_ms=([0-9]+).*/\1/')"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
}

# Prints "<pages> <list states> <ms>" from the server's log line
#   ... pre-rendered version=... pages=N list_states=M failed=0 elapsed_ms=T
prerender_figures() { # server log
  local line key
  line=$(grep -m1 ' pre-rendered ' "$1") || die "no 'pre-rendered' line in $1"
  for key in pages list_states elapsed_ms; do
    [[ $line =~ \ $key=([0-9]+) ]] || die "no $key= in the 'pre-rendered' line of $1"
    printf '%s ' "${BASH_REMATCH[1]}"
  done
  echo
}

# ---------------------------------------------------------------- 4. the baselines: nginx (c), (c-logged), Node (d)
baseline_start_baselines() {
  local www="$OUT/nginx/www" etag etag_br page=()
  mkdir -p "$www"
  # nginx's files are (a)'s answers: the page, and its brotli bytes for index.html.br.
  fetch a identity "$URL_A/"
  fetch a br "$URL_A/"
  cp "$OUT/a-identity.body" "$www/index.html"
  cp "$OUT/a-br.body" "$www/index.html.br"
  etag=$(header_value "$OUT/a-identity.headers" etag)
  etag_br=$(header_value "$OUT/a-br.headers" etag)
  if [[ $etag$etag_br == *[\'\$\\]* ]]; then die "(a)'s ETags ($etag, $etag_br) cannot be written in nginx.conf"; fi
  page=(
    "CONTENT_TYPE=$(header_value "$OUT/a-identity.headers" content-type)"
    "ETAG=$etag" "ETAG_BR=$etag_br"
    "PAGE_HEADERS=$(nginx_add_headers "$OUT/a-identity.headers")"
  )
  log "starting (c) nginx on :$PORT_C and (c-logged) nginx with an access log on :$PORT_CL"
  start_nginx c "$BENCH/nginx.conf.template" "$PORT_C" / ACCESS_LOG=off "${page[@]}"
  start_nginx c-logged "$BENCH/nginx.conf.template" "$PORT_CL" / "ACCESS_LOG=$OUT/nginx/access.log combined" "${page[@]}"

  # /_data/ is what client-side navigation fetches: the home route's data, which (d) renders, and its head.
  curl -sS --fail --max-time 10 -o "$OUT/home-navigation.json" "$URL_A/_data/" || die "GET /_data/ on (a) failed"
  log "starting (d) node-ssr on :$PORT_D"
  node "$BENCH/node-ssr.mjs" "$SSR_JS" "$OUT/home-navigation.json" "$PORT_D" "$HOST" >"$OUT/node-ssr.log" 2>&1 &
  PID_D=$!
  PIDS+=("$PID_D")
  wait_http "http://$HOST:$PORT_D/" "node-ssr (log: $OUT/node-ssr.log)"
}

# GET URL with Accept-Encoding ENCODING (identity or br) as SERVER: body in $OUT/SERVER-ENCODING.body,
# status line and headers in .headers; dies unless the status is 200.
fetch() { # server, encoding, url
  local base="$OUT/$1-$2" status
  status=$(curl -sS --max-time 10 -H "Accept-Encoding: $2" -D "$base.headers" -o "$base.body" -w '%{http_code}' "$3")
  [ "$status" = 200 ] || die "($1) answered GET $3 ($2) with $status"
}

# The value of header NAME (any case) in a curl -D file.
header_value() { # headers file, name
  tr -d '\r' <"$1" | awk -v name="$2" 'NR > 1 && tolower(substr($0, 1, index($0, ":") - 1)) == name {
    value = substr($0, index($0, ":") + 1); sub(/^ +/, "", value); print value; exit }'
}

# One `add_header NAME "VALUE" always;` for each header of (a)'s page that nginx does not make
# itself (Date, Content-Length, Content-Type, Content-Encoding) nor takes from the template (ETag).
nginx_add_headers() { # headers file
  tr -d '\r' <"$1" | awk '
    NR == 1 { next }
    /^$/ { exit }
    {
      name = substr($0, 1, index($0, ":") - 1)
      value = substr($0, index($0, ":") + 1); sub(/^ +/, "", value)
      if (tolower(name) ~ /^(date|content-length|content-type|content-encoding|etag)$/) next
      # nginx would read $ as a variable, \ and " as quoting.
      if (value ~ /[$"\\]/) { print "cannot write the header " name " in nginx.conf: " value > "/dev/stderr"; exit 1 }
      printf "            add_header %s \"%s\" always;\n", name, value
    }'
}

# ---------------------------------------------------------------- 5. the same bytes, status and headers
# (a-quiet), (c) and (c-logged) must send (a)'s bytes with (a)'s status and headers in both
# encodings, or a side could win by sending less. Sizes of (b)'s and (d)'s pages go in the report.
baseline_check_same() {
  local enc server
  for enc in identity br; do
    normalized_headers "$OUT/a-$enc.headers" >"$OUT/a-$enc.compare"
    for server in a-quiet c c-logged; do
      fetch "$server" "$enc" "$(server_url "$server")/"
      cmp -s "$OUT/a-$enc.body" "$OUT/$server-$enc.body" || die "($server) does not send (a)'s bytes for GET / ($enc)"
      normalized_headers "$OUT/$server-$enc.headers" >"$OUT/$server-$enc.compare"
      diff "$OUT/a-$enc.compare" "$OUT/$server-$enc.compare" >&2 \
        || die "($server)'s status or headers for GET / ($enc) differ from (a)'s (above: < is (a), > is ($server))"
    done
  done
  [ "$(header_value "$OUT/a-br.headers" content-encoding)" = br ] || die "(a) does not answer Accept-Encoding: br with brotli"
  fetch b identity "$(server_url b)/"
  fetch b-quickjs identity "$(server_url b-quickjs)/"
  cmp -s "$OUT/b-identity.body" "$OUT/b-quickjs-identity.body" || die "(b) and (b-quickjs) render / differently"
  fetch d identity "$(server_url d)/"
}

server_url() { # server name
  case $1 in
    a) echo "$URL_A" ;;
    a-quiet) echo "http://$HOST:$PORT_AQ" ;;
    b) echo "http://$HOST:$PORT_B" ;;
    b-quickjs) echo "http://$HOST:$PORT_BQ" ;;
    c) echo "http://$HOST:$PORT_C" ;;
    c-logged) echo "http://$HOST:$PORT_CL" ;;
    d) echo "http://$HOST:$PORT_D" ;;
    *) die "no server ($1)" ;;
  esac
}

# The status line and the headers of a curl -D file, names lower-cased, sorted; without Date (it
# changes every second) and the two that nginx always sends and cannot be told not to: Server and
# "Connection: keep-alive" (HTTP/1.1's default, which the Rust server leaves implicit). The number
# in s-maxage is left out too: in the last minute before the clinic's midnight it counts down the
# seconds left (src/http/respond.rs), so two answers a second apart differ there.
normalized_headers() { # headers file
  tr -d '\r' <"$1" | awk '
    NR == 1 { print; next }
    /^$/ { exit }
    {
      name = tolower(substr($0, 1, index($0, ":") - 1))
      value = substr($0, index($0, ":") + 1)
      if (name == "cache-control") sub(/s-maxage=[0-9]+/, "s-maxage=N", value)
      if (name !~ /^(date|server|connection)$/) print name ":" value
    }' | sort
}

# ---------------------------------------------------------------- 6. the first render of every page, on (b)
# Before any load, so each is the first render of that page in its worker: every page the sitemap
# lists, and a page that does not exist (404).
baseline_cold_renders() {
  sitemap_paths "http://$HOST:$PORT_B/sitemap.xml" "$OUT/paths.txt"
  echo /no-such-page >>"$OUT/paths.txt"
  log "first render of $(wc -l <"$OUT/paths.txt") pages on (b)"
  local path
  : >"$OUT/cold.txt"
  while read -r path; do
    # Uncompressed: the time is the render and the document shell, no compression.
    curl -sS --max-time 10 -H 'Accept-Encoding: identity' -o /dev/null \
      -w "$path %{http_code} %{time_total}\n" "http://$HOST:$PORT_B$path" >>"$OUT/cold.txt"
  done <"$OUT/paths.txt"
}

# ---------------------------------------------------------------- 7. load
# (a-quiet), (c), (a), (c-logged) in turn for each encoding, so that a drift in what else the
# machine does falls on both sides alike; then (b) and (d). One server under load at a time.
baseline_measure() {
  WRK_OPTS=(-t"$THREADS" -c"$CONNECTIONS")
  : >"$OUT/runs.txt"
  local enc server round
  for round in $(seq "$ROUNDS"); do
    for enc in identity br; do
      for server in a-quiet c a c-logged; do
        measure "$server" "$enc" "$round"
        # The access log of a 10 s run is tens of MB; nginx appends, so emptying it is enough.
        if [ "$server" = c-logged ]; then : >"$OUT/nginx/access.log"; fi
      done
    done
  done
  # The engines' req/s is steady (a queue of renders): one round each.
  measure b identity 1
  measure b-quickjs identity 1
  measure d identity 1
  HWM_A=$(vmhwm_mib "$PID_A")
  HWM_AQ=$(vmhwm_mib "$PID_AQ")
  HWM_B=$(vmhwm_mib "$PID_B")
  HWM_BQ=$(vmhwm_mib "$PID_BQ")
  HWM_D=$(vmhwm_mib "$PID_D")
}

# wrk against SERVER's GET / with Accept-Encoding ENCODING: a warm-up, then the measured run with
# --latency, the other processes' CPU taken around it. Appends "<server> <encoding> <req/s> <p50 ms>
# <p99 ms> <requests> <non-2xx> <socket errors> <other cores>" to $OUT/runs.txt; stops the suite,
# writing no report, when the run is not fit to compare.
measure() { # server, encoding, round
  local run="$1-$2-r$3" url figures others
  url="$(server_url "$1")/"
  log "wrk ($1) $2, round $3: warm-up $WARMUP, then $DURATION"
  timeout $((${WARMUP%s} + 60)) wrk "${WRK_OPTS[@]}" -d"$WARMUP" -H "Accept-Encoding: $2" "$url" >"$OUT/wrk-$run-warmup.txt"
  others_snap "$OUT/cpu-$run.json"
  timeout $((${DURATION%s} + 60)) wrk "${WRK_OPTS[@]}" -d"$DURATION" --latency -H "Accept-Encoding: $2" "$url" >"$OUT/wrk-$run.txt"
  others=$(others_cores "$OUT/cpu-$run.json")
  figures=$(wrk_figures "$OUT/wrk-$run.txt")
  echo "$1 $2 $figures $others" >>"$OUT/runs.txt"
  # shellcheck disable=SC2086 # the figures are words
  fit_to_compare "$1" "$2" "$3" $figures "$others"
}

# The servers of the cached page's comparison, whose tails are checked. (b) and (d) answer after a
# render each, queued behind the renders of the other connections' requests: their latency is that
# queue, tens to hundreds of ms, and their comparison is of req/s only. (d)'s p99 is 10-18 times its
# median on a quiet machine, and not from garbage collection (V8's pauses, from --trace-gc, are
# 1-2 ms): one thread renders the 32 connections' requests in turn.
TAIL_CHECKED=" a a-quiet c c-logged "

fit_to_compare() { # server, encoding, round, req/s, p50 ms, p99 ms, requests, non-2xx, socket errors, other cores
  local run="$1-$2-r$3" rps=$4 p50=$5 p99=$6 non2xx=$8 errors=$9 others=${10} why=()
  log "($run): $rps req/s, p50 $p50 ms, p99 $p99 ms, other processes $others cores"
  if [ "$non2xx" != 0 ] || [ "$errors" != 0 ]; then
    why+=("$non2xx answers other than 2xx/3xx and $errors socket errors")
  fi
  if awk -v o="$others" -v max="$MAX_OTHERS" 'BEGIN { exit !(o > max) }'; then
    why+=("other processes used $others cores on average during it (the limit is $MAX_OTHERS of $(nproc)): the machine is busy")
  fi
  if [[ $TAIL_CHECKED == *" $1 "* ]] && tail_too_long "$p50" "$p99"; then
    why+=("its p99 latency, $p99 ms, is over $MAX_TAIL times its median, $p50 ms (a median under $TAIL_FLOOR_MS ms counting as $TAIL_FLOOR_MS ms): a stall, or a machine too busy to measure")
  fi
  if [ ${#why[@]} = 0 ]; then return 0; fi
  local reasons
  reasons=$(printf '%s; ' "${why[@]}")
  die "the run ($run) is not fit to compare: ${reasons%; }. No report written (raw output: bench/out/baseline/wrk-$run.txt); run again when the machine is quiet"
}

# Whether p99 is over MAX_TAIL times the median, the median counted as at least TAIL_FLOOR_MS.
tail_too_long() { # p50 ms, p99 ms
  awk -v p50="$1" -v p99="$2" -v floor="$TAIL_FLOOR_MS" -v max="$MAX_TAIL" \
    'BEGIN { exit !(p99 > max * (p50 > floor ? p50 : floor)) }'
}

vmhwm_mib() { awk '/^VmHWM/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }
vmrss_mib() { awk '/^VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

# ---------------------------------------------------------------- 8. report
# A figure of a server in an encoding, the median over its rounds: FIELD is rps, p50, p99, requests,
# non2xx, errors or others.
fig() { # server, encoding, field
  awk -v s="$1" -v e="$2" -v f="$3" '
    BEGIN { split("rps p50 p99 requests non2xx errors others", names, " "); for (i in names) col[names[i]] = i + 2 }
    $1 == s && $2 == e { print $col[f] }' "$OUT/runs.txt" | median
}
ratio() { awk -v x="$1" -v y="$2" 'BEGIN { if (y > 0) printf "%.2f", x / y; else print "n/a" }'; }
verdict() { awk -v x="$1" -v y="$2" 'BEGIN { print (x >= y ? "met" : "**not met**") }'; }
bytes() { wc -c <"$OUT/$1-$2.$3"; } # server, encoding, body or headers

# One row of the table of the cached page.
page_row() { # server, encoding, label
  printf '| %s | %s | %.0f | %.2f | %.2f | %.1f | %s | %s | %s |\n' "$3" "$2" "$(fig "$1" "$2" rps)" \
    "$(fig "$1" "$2" p50)" "$(fig "$1" "$2" p99)" "$(ratio "$(fig "$1" "$2" p99)" "$(fig "$1" "$2" p50)")" \
    "$(bytes "$1" "$2" body)" "$(bytes "$1" "$2" headers)" "$(fig "$1" "$2" others)"
}
# One row of the table of the render engines (uncompressed).
engine_row() { # server, label
  printf '| %s | %.1f | %.1f | %.1f | %.1f | %s | %s | %s |\n' "$2" "$(fig "$1" identity rps)" \
    "$(fig "$1" identity p50)" "$(fig "$1" identity p99)" "$(ratio "$(fig "$1" identity p99)" "$(fig "$1" identity p50)")" \
    "$(bytes "$1" identity body)" "$(bytes "$1" identity headers)" "$(fig "$1" identity others)"
}
# One row of the ratios: "| label | identity | br |", X's req/s over Y's.
ratio_row() { # label, x server, y server
  printf '| %s | %s | %s |\n' "$1" "$(ratio "$(fig "$2" identity rps)" "$(fig "$3" identity rps)")" \
    "$(ratio "$(fig "$2" br rps)" "$(fig "$3" br rps)")"
}
# One row of the targets: X >= FACTOR × Y in each encoding.
target_row() { # label, x server, y server, factor
  local enc r cells=""
  for enc in identity br; do
    r=$(ratio "$(fig "$2" "$enc" rps)" "$(fig "$3" "$enc" rps)")
    cells+=" $r × ($(verdict "$r" "$4")) |"
  done
  printf '| %s |%s\n' "$1" "$cells"
}

# The largest p99 / max(p50, TAIL_FLOOR_MS) over the runs whose tails are checked, the most CPU other
# processes used during a measured run, and the runs they were in.
worst_runs() {
  awk -v floor="$TAIL_FLOOR_MS" -v checked="$TAIL_CHECKED" '
    index(checked, " " $1 " ") { t = $5 / ($4 > floor ? $4 : floor); if (t > tail) { tail = t; trun = $1 " " $2 } }
    $9 >= cpu { cpu = $9; crun = $1 " " $2 }
    END { printf "%.1f (%s); %.2f cores (%s)\n", tail, trun, cpu, crun }' "$OUT/runs.txt"
}

# Every section other tools keep in RESULTS.md between <!-- NAME:start --> and <!-- NAME:end -->.
kept_sections() { # file
  [ -f "$1" ] || return 0
  awk '
    !inside && /^<!-- [A-Za-z0-9_-]+:start -->$/ { inside = 1; name = $2; sub(/:start$/, "", name); printf "\n" }
    inside { print }
    inside && $0 == "<!-- " name ":end -->" { inside = 0 }' "$1"
}

baseline_report() {
  local cold_table cold_median cold_max cold_max_route cold_bad worst ab_d b_d bq_d b_bq report="$OUT/RESULTS.md"
  cold_table=$(awk '{ printf "| `%s` | %s | %.1f |\n", $1, $2, $3 * 1000 }' "$OUT/cold.txt")
  cold_median=$(awk '{ print $3 * 1000 }' "$OUT/cold.txt" | median | awk '{ printf "%.1f", $1 }')
  read -r cold_max cold_max_route < <(sort -k3 -g "$OUT/cold.txt" | tail -1 | awk '{ printf "%.1f %s\n", $3 * 1000, $1 }')
  cold_bad=$(awk '$1 != "/no-such-page" && $2 != 200 { printf "%s answered %s; ", $1, $2 }
    $1 == "/no-such-page" && $2 != 404 { printf "%s answered %s (expected 404); ", $1, $2 }' "$OUT/cold.txt")
  worst=$(worst_runs)
  b_d=$(ratio "$(fig b identity rps)" "$(fig d identity rps)")
  bq_d=$(ratio "$(fig b-quickjs identity rps)" "$(fig d identity rps)")
  b_bq=$(ratio "$(fig b identity rps)" "$(fig b-quickjs identity rps)")
  ab_d=$(ratio "$(fig a identity rps)" "$(fig d identity rps)")

  cat >"$report" <<EOF
# Benchmark: GET / of the clinic site

Produced by \`bash bench/run.sh\` (the suite \`baseline\`, \`bench/suites/baseline.sh\`): it builds the
release binary, starts every server below on a free loopback port, checks that the servers compared
send the same thing, measures them one at a time and stops them. Every figure comes from that one run
on the machine described; the ratios compare servers measured in the same run.

## Machine

$(machine_table "$LOAD_START")
| nginx | $(nginx_version) |

wrk runs on the same $(nproc) cores as the servers, and nothing is pinned: wrk's own CPU is CPU the
server under test does not get, for every server alike.

## Method

- **Load**: \`wrk -t${THREADS} -c${CONNECTIONS} -d${DURATION} --latency\` on \`GET /\` after a ${WARMUP} warm-up run,
  one server under load at a time (the others idle), in this order: (a-quiet), (c), (a), (c-logged)
  uncompressed, the same four with brotli, all of that ${ROUNDS} times, then (b), (b-quickjs) and (d) once.
  Each figure of the cached page is the median of its ${ROUNDS} rounds (a single run swung by up to a
  fifth here). Taking ours and nginx's in turn spreads any drift in the machine's other work over
  both sides.
- **Encodings**: every request says \`Accept-Encoding: identity\` (the page as HTML) or
  \`Accept-Encoding: br\` (the same page compressed with brotli; the server compresses each page
  once, in the background after start-up, and nginx sends those same bytes from a file).
- **Same answer**: before any load, (a-quiet), (c) and (c-logged) were checked to send (a)'s bytes
  (\`cmp\`) with (a)'s status (200) and headers (names and values, compared exactly; only the
  seconds of \`s-maxage\`, which count down in the minute before the clinic's midnight, may differ)
  in both encodings. nginx adds two headers it cannot leave out, \`Server: nginx\` and \`Connection:
  keep-alive\`, hence its few more header bytes below.
- **Fit to compare**: the suite refuses to write a report when a run of the cached page's
  comparison has a p99 latency more than ${MAX_TAIL} times its median (a 40 ms tail on loopback is a stall, such as Nagle's algorithm
  meeting a delayed ACK, not a server's speed), a median under ${TAIL_FLOOR_MS} ms counting as ${TAIL_FLOOR_MS} ms: wrk
  shares the $(nproc) cores, and a request that waits for a core waits a scheduler slice, a few ms,
  already 10 times a 0.1-0.4 ms median (nginx's with brotli) without any stall. (The render engines'
  runs are not held to it: their latency is a queue behind renders.) It also refuses when processes
  other than the benchmark's used more than ${MAX_OTHERS} cores on average during any measured run
  (\`bench/cpu-others.mjs\`: a shared machine), and on any socket error or status other than 2xx. In
  this run the largest p99 / max(p50, ${TAIL_FLOOR_MS} ms) was ${worst%%;*}, and the most CPU other
  processes used during a run was${worst#*;}.

## The cached page: the Rust server against nginx

| server | encoding | req/s | p50 ms | p99 ms | p99 / p50 | body bytes | header bytes | other processes' cores |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
$(for enc in identity br; do
  page_row a-quiet "$enc" "(a-quiet) Rust, render cache, no log line per request"
  page_row c "$enc" "(c) nginx, static files, \`access_log off\`"
  page_row a "$enc" "(a) Rust, render cache, a log line per request (the default)"
  page_row c-logged "$enc" "(c-logged) nginx, static files, \`combined\` access log"
done)

| ratio of req/s | identity | br |
| --- | ---: | ---: |
$(ratio_row "(a-quiet) / (c): neither logs each request" a-quiet c)
$(ratio_row "(a) / (c-logged): both log each request" a c-logged)
$(ratio_row "(a) / (a-quiet): what our log line leaves" a a-quiet)
$(ratio_row "(c-logged) / (c): what nginx's log line leaves" c-logged c)

| target (issue 2), like for like | identity | br |
| --- | --- | --- |
$(target_row "(a-quiet) ≥ 0.9 × (c)" a-quiet c 0.9)
$(target_row "(a) ≥ 0.9 × (c-logged)" a c-logged 0.9)

What the gap with brotli is: the brotli page is 13 KB, so the time per request is nearly all the
server's own work around the bytes rather than copying them, and there nginx's one event loop per
worker process does less than hyper and axum on tokio's work-stealing runtime. \`perf\` of (a-quiet)
under this load puts about a third of its time in the kernel switching and waking threads
(\`finish_task_switch\`, \`_raw_spin_unlock_irqrestore\`), and mimalloc, since adopted, took
glibc's allocator (a tenth of the time) out of the way. Uncompressed, the 72 KB page's copying
dominates both, and they are level.

### Configurations

- **(a)** is the release binary with its defaults: the render cache on (every page rendered at
  start-up and compressed once in the background after it, served from memory), $(nproc) runtime threads and ${SSR_WORKERS:-$(nproc)} SSR workers
  (one per core), the request limits of \`src/http/limits.rs\`, and log level \`info\`: one text line
  per request, to a file (its standard output). **(a-quiet)** is the same with \`LOG_LEVEL=warn\`: no
  line per request.
- **(c)** is nginx serving (a)'s answers saved as \`index.html\` and \`index.html.br\`, configured by
  \`bench/nginx.conf.template\` (each setting explained there) as nginx's documentation advises for
  static files: \`worker_processes auto\` (one worker per core), \`sendfile on\`, \`open_file_cache\`,
  \`keepalive_requests\` raised so that wrk's connections stay open as they do with (a), and
  \`access_log off\`; \`tcp_nopush\` stays off (with it, the last segment of this page waits for a
  delayed ACK: a 40 ms tail). brotli comes from ngx_brotli's \`brotli_static\`. Its headers are (a)'s,
  copied into the config by the suite (the security headers, \`Cache-Control\`, \`Vary\`, (a)'s
  ETag for each encoding; no \`Last-Modified\` or \`Accept-Ranges\`). **(c-logged)** is the same
  with nginx's default access log: the \`combined\` format, to a file, one write per request.

## The render engine: V8 in the server against Node

| server | req/s | p50 ms | p99 ms | p99 / p50 | body bytes | header bytes | other processes' cores |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
$(engine_row b "(b) Rust, \`NO_RENDER_CACHE=true\`: a V8 render per request")
$(engine_row b-quickjs "(b-quickjs) the same with \`SSR_ENGINE=quickjs\`: a QuickJS render per request")
$(engine_row d "(d) Node \`node:http\`, the same SSR bundle, a render per request")

| target | measured | result |
| --- | ---: | --- |
| (b) ≥ 0.8 × (d) (issue 31) | ${b_d} × | $(verdict "$b_d" 0.8) |
| (a) ≥ 10 × (d) (issue 2; (a) uncompressed) | ${ab_d} × | $(verdict "$ab_d" 10) |

(b-quickjs) / (d): ${bq_d} ×; (b) / (b-quickjs): ${b_bq} ×. (b) and (b-quickjs) send the same bytes.

(b) is the release binary with \`NO_RENDER_CACHE=true\` and \`LOG_LEVEL=warn\`: every request renders
the page in one of its ${SSR_WORKERS:-$(nproc)} V8 workers (one per core, each an isolate of its own), then wraps it in the
document shell, uncompressed. (d) is \`bench/node-ssr.mjs\`: one Node process (one JavaScript thread)
calling \`render("/", data)\` from the same \`ssr.js\` (same bundle as the one the binary embeds:
${BUNDLE_SAME}; ${SSR_BYTES} bytes) with the home route's data taken from (a)'s \`/_data/\`, in a smaller
document shell (no asset links, no security headers), so its page is a little shorter. Neither logs
a line per request. Their latencies are a queue behind renders (32 connections, one render at a
time per worker or thread); (d)'s long tail is not garbage collection (V8's pauses, seen with
\`--trace-gc\`, are 1-2 ms). QuickJS is an interpreter: a render of \`/\` takes about ten times as long
in it as in V8's compiled code; where the time goes is in \`docs/engine.md\` ("What a render costs").
Visitors meet (b)'s path only for a blog search no one has made since the last snapshot.

## Start-up

| | |
| --- | ---: |
| (a) pages pre-rendered (the server's log line \`pre-rendered ... pages=${PAGES_A} list_states=${LIST_STATES_A} ... elapsed_ms=${PRERENDER_MS_A}\`) | ${PAGES_A} pages and ${LIST_STATES_A} states of the blog list in ${PRERENDER_MS_A} ms |
| (a) process start → \`/readyz\` 200 (after pre-rendering) | ${READY_A_MS} ms |
| (b) process start → \`/readyz\` 200 (cache off, nothing to pre-render) | ${READY_B_MS} ms |
| (b-quickjs) the same with QuickJS | ${READY_BQ_MS} ms |

Per engine, a server with its render cache reading a copy of \`content/\` (\`CONTENT_DIR\`), started alone:

| engine | start → \`/readyz\` 200 | of which pre-rendering | RSS idle after start-up | content edit → "content reloaded" | of which pre-rendering |
| --- | ---: | ---: | ---: | ---: | ---: |
| V8 (the default) | ${READY_MS_v8} ms | ${PRERENDER_MS_v8} ms | ${IDLE_v8} MiB | ${RELOAD_MS_v8} ms | ${RELOAD_RENDER_MS_v8} ms |
| QuickJS | ${READY_MS_quickjs} ms | ${PRERENDER_MS_quickjs} ms | ${IDLE_quickjs} MiB | ${RELOAD_MS_quickjs} ms | ${RELOAD_RENDER_MS_quickjs} ms |

A reload's time includes the watcher's 300 ms debounce (\`src/app/reload.rs\`). Target (issue 31): start-up
to \`/readyz\` 200 at most 300 ms.

\`/readyz\` polled every 5 ms by \`scripts/start-server.mjs\`, the process that starts the server.

## First render of each page

One \`GET\` per page of (b)'s sitemap, and one of a page that does not exist, against (b) (cache off)
before any load, so each is the first render of that page in its worker; \`curl\` \`time_total\` on
loopback, uncompressed.

| page | status | ms |
| --- | ---: | ---: |
${cold_table}

Median **${cold_median} ms**, max **${cold_max} ms** (\`${cold_max_route}\`) over $(wc -l <"$OUT/cold.txt") requests.
${cold_bad:+Unexpected status: ${cold_bad}}

## Peak memory

| process | peak RSS (VmHWM) |
| --- | ---: |
| (a) Rust, cache on, after pre-rendering and its load runs (RSS when idle after start-up: ${IDLE_A} MiB) | ${HWM_A} MiB |
| (a-quiet) the same, \`LOG_LEVEL=warn\` | ${HWM_AQ} MiB |
| (b) Rust, cache off, after the first renders and its load run | ${HWM_B} MiB |
| (b-quickjs) the same with QuickJS | ${HWM_BQ} MiB |
| (d) Node, after its load run | ${HWM_D} MiB |

Raw wrk output, server logs and the nginx configs of this run: \`bench/out/baseline/\` (not committed).
EOF
  kept_sections "$BENCH/RESULTS.md" >>"$report"
  cat "$report"
  if [ "$FULL_RUN" = yes ]; then
    cp "$report" "$BENCH/RESULTS.md"
    log "report written to bench/RESULTS.md"
  else
    log "shortened run (tunables changed): report in bench/out/baseline/RESULTS.md only"
  fi
}
