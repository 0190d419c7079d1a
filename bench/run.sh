#!/usr/bin/env bash
# The clinic site's benchmarks, on loopback only: the one entry point for every suite.
#
# Usage: bash bench/run.sh [suite ...]        (from anywhere; no suite named: baseline)
#   baseline    GET / of the cached server against nginx serving the same bytes (identity and br,
#               with and without a log line per request), the render engine against Node, start-up,
#               cold renders, peak memory -> bench/RESULTS.md              (about 3 minutes)
#   load        load and soak over every route of the sitemap -> bench/LOAD.md   (about 7 minutes)
#   operations  the cost of metrics, two replicas behind an nginx cache, slow clients
#               -> bench/OPERATIONS.md                                      (about 3 minutes)
#   lighthouse  Lighthouse on the key pages -> its section of bench/RESULTS.md (about 5 minutes)
#   soak        10,000 slow readers, abandoned searches, one-byte readers, smuggling shapes and HEAD and
#               conditional floods at once while a visitor is timed -> bench/SOAK.md (about 2 minutes)
#   all         all five, in that order
# Times are after the release build, which runs first (cargo build --release, shared by the suites).
# Each suite's tunables are listed at the top of its file, bench/suites/NAME.sh; a run with any of
# them changed writes its report to bench/out/NAME/ only. Scratch files (the binary, logs, raw wrk
# output, nginx configs) go to bench/out/, which git ignores.
#
# Exits 1 when a suite cannot measure (it stops at once, writing no report: e.g. baseline on a busy
# machine) or when a suite's verdict is FAIL (the other suites still run).
set -euo pipefail
shopt -s inherit_errexit

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH="$ROOT/bench"
SUITES=(baseline load operations lighthouse soak)
RUN_STARTED=$(date +%s)

cd "$ROOT"
# shellcheck source=bench/lib.sh
source "$BENCH/lib.sh"
for suite in "${SUITES[@]}"; do
  # shellcheck source=/dev/null # each defines suite_NAME and its own helpers
  source "$BENCH/suites/$suite.sh"
done

# ---------------------------------------------------------------- 1. the suites asked for
chosen=()
for arg in "${@:-baseline}"; do
  case $arg in
    all) chosen+=("${SUITES[@]}") ;;
    -h | --help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    *)
      [[ " ${SUITES[*]} " == *" $arg "* ]] || die "no suite '$arg' (suites: ${SUITES[*]} all)"
      chosen+=("$arg")
      ;;
  esac
done

# ---------------------------------------------------------------- 2. tools and the build, once for all
need_bench_tools
build_release

# ---------------------------------------------------------------- 3. each suite in turn
for suite in "${chosen[@]}"; do
  begin_suite "$suite"
  "suite_$suite"
  stop_all
done

# ---------------------------------------------------------------- 4. verdict
log "done in $(($(date +%s) - RUN_STARTED)) s: ${chosen[*]}"
if [ ${#FAILED_SUITES[@]} -gt 0 ]; then die "verdict FAIL in: ${FAILED_SUITES[*]}"; fi
