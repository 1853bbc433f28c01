#!/usr/bin/env bash
# The web client's tests, as CI runs them: its logic in Node, then end-to-end in headless
# Chromium against a real `hupai serve`. Installs what it needs: Debian's chromium when it is
# missing, npm's playwright-core from the lock file. Screenshots: target/web-screenshots/.
set -euo pipefail
web="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$web/../../.." && pwd)"
command -v chromium >/dev/null 2>&1 || "$repo/tools/debian-install.sh" chromium
cd "$web"
npm ci --no-audit --no-fund --loglevel=error
node --test test/
# HUPAI_BIN: the `hupai` to serve (default: built here).
if [ -z "${HUPAI_BIN:-}" ]; then
  (cd "$repo" && cargo build -q -p hupai-cli)
  export HUPAI_BIN="${CARGO_TARGET_DIR:-$repo/target}/debug/hupai"
fi
export CHROMIUM="$(command -v chromium)"
node --test --test-concurrency=1 tests/e2e.mjs tests/table-art.mjs tests/sanma.mjs
