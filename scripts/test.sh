#!/usr/bin/env bash
# Sets up and runs every test, in named stages; CI runs it through .ci/run. Each stage prints its duration; a
# failing one stops the run with `stage <name> FAILED` and a non-zero exit.
#
#   bash scripts/test.sh                 every stage, in this order (a fresh machine: it installs what it needs)
#   bash scripts/test.sh lint unit       only these stages (after `setup` has run once)
#
#   setup    provisioning: npm ci, pip (build.rs installs the V8 engine with it), Debian's chromium (as root)
#   bundles  the bundles and image copies, built once into dist/ (npm run build -- dist); every later cargo command
#            embeds that folder (CLINIC_BUNDLES, checked against the tree by build.rs) and check-budgets reads it
#   lint     ESLint, tsc --noEmit, cargo fmt --check, cargo clippy -D warnings, and `cargo check` with the toolchain
#            Cargo.toml's rust-version names (the declared MSRV, built)
#   deny     cargo-deny (installed from crates.io at a pinned version when missing): licences, bans, sources (deny.toml)
#   unit     TypeScript unit tests, size budgets, font fallbacks' metrics, Rust unit and doc tests (release)
#   build    the release binary
#   rust     the Rust integration tests (router, content, the real binary on a free port, ...), release
#   browser  the browser tests in Chromium (e2e/)
set -euo pipefail
cd "$(dirname "$0")/.."

STAGES=(setup bundles lint deny unit build rust browser)
# cargo-deny's version, pinned: `cargo install --locked` builds it from crates.io (several minutes on 2 cores).
CARGO_DENY_VERSION=0.20.2
# The declared minimum Rust version, which the lint stage builds with exactly that toolchain.
MSRV=$(sed -n 's/^rust-version = "\(.*\)"$/\1/p' Cargo.toml)

as_root() { [ "$(id -u)" = 0 ]; }

stage_setup() {
  npm ci --no-audit --no-fund
  local missing=()
  python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  if [ "${#missing[@]}" -gt 0 ]; then
    if ! as_root; then
      echo "needed: ${missing[*]} (pip installs the V8 engine; chromium runs the browser tests): sudo apt-get install -y ${missing[*]}" >&2
      return 1
    fi
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
  if ! rustup run "$MSRV" rustc --version >/dev/null 2>&1; then
    echo "Rust $MSRV (Cargo.toml's rust-version) is not installed: rustup toolchain install $MSRV --component clippy,rustfmt" >&2
    return 1
  fi
}

# Builds dist/ unless its stamp already names the tree's inputs, and points cargo at it. The stages that need the
# bundles call this, so that each of them also runs on its own.
bundles() {
  if [ "$(cat dist/inputs.sha256 2>/dev/null)" != "$(node scripts/inputs.mjs)" ]; then
    npm run -s build -- dist
  fi
  export CLINIC_BUNDLES="$PWD/dist"
}

stage_bundles() { bundles; }

stage_lint() {
  npx eslint .
  npx tsc --noEmit
  cargo fmt --check
  bundles
  cargo clippy --all-targets --locked -- -D warnings
  echo "rust-version $MSRV: cargo +$MSRV check"
  cargo "+$MSRV" check --all-targets --locked
}

stage_deny() {
  if [ "$(cargo deny --version 2>/dev/null)" != "cargo-deny $CARGO_DENY_VERSION" ]; then
    cargo install --locked cargo-deny --version "$CARGO_DENY_VERSION"
  fi
  cargo deny --locked check --hide-inclusion-graph licenses bans sources
  # The npm side: the installed tree matches package-lock.json (npm ls fails on a missing, extra or invalid package).
  npm ls --all >/dev/null
}

stage_unit() {
  npm run -s test:unit
  bundles
  node scripts/check-budgets.mjs dist/js
  node scripts/font-fallbacks.mjs --check
  cargo test --release --locked --lib --bins
  cargo test --release --locked --doc
}

stage_build() {
  bundles
  cargo build --release --locked
}

stage_rust() {
  bundles
  cargo test --release --locked --test '*' --examples
}

stage_browser() { npm run -s test:e2e; }

# ---- running the stages ------------------------------------------------------------------------------------
current="" started=0 run_started=$SECONDS timings=()
summary() {
  [ "${#timings[@]}" -gt 0 ] || return 0
  echo "== stages:"
  printf '   %s\n' "${timings[@]}"
  echo "   total $((SECONDS - run_started)) s"
}
on_exit() {
  local status=$?
  if [ "$status" -ne 0 ] && [ -n "$current" ]; then
    timings+=("$current FAILED after $((SECONDS - started)) s")
    echo "== stage $current FAILED (exit $status) after $((SECONDS - started)) s" >&2
  fi
  summary
}
trap on_exit EXIT

selected=("$@")
[ "${#selected[@]}" -gt 0 ] || selected=("${STAGES[@]}")
for name in "${selected[@]}"; do
  if ! declare -F "stage_$name" >/dev/null; then
    echo "unknown stage '$name'; the stages: ${STAGES[*]}" >&2
    exit 2
  fi
done
for name in "${selected[@]}"; do
  current=$name started=$SECONDS
  echo "== stage $name"
  "stage_$name"
  timings+=("$name $((SECONDS - started)) s")
  echo "== stage $name passed in $((SECONDS - started)) s"
done
current=""
