# The suite `lighthouse` of bench/run.sh (sourced by it; run it with `bash bench/run.sh lighthouse`):
# bench/lighthouse.mjs against the binary run.sh built: Lighthouse in Debian's Chromium on the key
# pages (issue 7's speed budget), its table written into bench/RESULTS.md between the lighthouse
# markers (nothing else in that file changes). Verdict FAIL (run.sh then exits 1) when a page misses
# the budget. About 5 minutes; it first waits for any running wrk to finish.
#
# Tunables (env): LIGHTHOUSE_RUNS (3 audits a page, the median kept), LIGHTHOUSE_PAGES (the pages
# listed in bench/lighthouse.mjs; e.g. "/ /blogs"). With either set, bench/RESULTS.md is left alone
# and the table is only printed (the full reports are in bench/out/lighthouse/ either way).
# shellcheck shell=bash

suite_lighthouse() {
  local module
  for module in lighthouse chrome-launcher; do
    [ -d "node_modules/$module" ] || die "node_modules has no $module: run  npm ci  in $ROOT first"
  done
  local args=(--runs "${LIGHTHOUSE_RUNS:-3}") pages status
  if [ -n "${LIGHTHOUSE_RUNS:-}${LIGHTHOUSE_PAGES:-}" ]; then args+=(--no-results); fi
  read -r -a pages <<<"${LIGHTHOUSE_PAGES:-}"
  set +e
  CLINIC_BIN="$BIN" timeout 3600 node "$BENCH/lighthouse.mjs" "${args[@]}" ${pages[@]+"${pages[@]}"} >&2
  status=$?
  set -e
  # lighthouse.mjs exits 1 when a page misses the budget (and when it cannot audit: see its output).
  if [ "$status" != 0 ]; then
    log "lighthouse: FAIL (bench/lighthouse.mjs exited with $status)"
    suite_failed lighthouse
  fi
}
