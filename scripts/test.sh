#!/usr/bin/env bash
# Sets up and runs every test: the linters, TypeScript checks and unit tests, size budgets, Rust unit/router/binary tests
# (release build), and the browser tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

npm ci --no-audit --no-fund

# build.rs installs the V8 engine (engine/mini-racer.txt) with pip.
if ! python3 -m pip --version >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-pip >/dev/null
  else
    echo "Python 3 with pip is needed to install the V8 engine: sudo apt-get install -y python3-pip" >&2
    exit 1
  fi
fi

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Debian's chromium is needed for the browser tests: sudo apt-get install -y chromium" >&2
    exit 1
  fi
fi

echo "== Lint: ESLint (typescript-eslint, React hooks), cargo fmt, cargo clippy"
npx eslint .
cargo fmt --check
cargo clippy --all-targets --locked -- -D warnings
echo "== TypeScript: tsc --noEmit"
npx tsc --noEmit
echo "== TypeScript unit tests"
npm run -s test:unit
echo "== Size budgets (a fresh build in a temporary folder) and the font fallbacks' metrics"
node scripts/check-budgets.mjs
node scripts/font-fallbacks.mjs --check
echo "== Rust tests (release)"
cargo build --release --locked
cargo test --release --locked
echo "== Browser tests (Chromium)"
npm run -s test:e2e
