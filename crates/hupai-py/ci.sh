#!/usr/bin/env bash
# The Python package's CI: a fresh virtualenv, `pip install` of this crate (maturin builds the
# wheel), then pytest against the pinned reference libraries, Gymnasium's and PettingZoo's
# environment checkers, pyarrow, and mypy's stubtest.
# Usage: crates/hupai-py/ci.sh [VENV_DIR]   (default: a new temporary directory)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="${1:-$(mktemp -d)/venv}"
python3 -m venv "$venv"
py="$venv/bin/python"
"$py" -m pip install -q --disable-pip-version-check \
    pytest==9.2.0 numpy==2.4.6 mahjong==2.1.0 PyMahjongGB==1.4.0 mypy==2.4.1 \
    gymnasium==1.4.0 pettingzoo==1.27.0 pyarrow==26.0.1
# The wheel builds with the workspace's target directory, so an unchanged tree rebuilds quickly.
CARGO_TARGET_DIR="$root/target" "$py" -m pip install -q --disable-pip-version-check "$here"
cd "$here/tests"
# The CLI test compares with the `hupai` binary when one is built (cargo test builds it).
if [ -n "${HUPAI_BIN:-}" ]; then export HUPAI_CLI="$HUPAI_BIN"
elif [ -x "$root/target/debug/hupai" ]; then export HUPAI_CLI="$root/target/debug/hupai"; fi
"$py" -m pytest -q -p no:cacheprovider .
cd /
"$py" -m mypy.stubtest hupai
