#!/usr/bin/env bash
# The Python package's CI: a virtualenv outside the clone (reused when it is there, made
# otherwise), `pip install` of this crate (maturin builds the wheel), then pytest against the
# pinned reference libraries, Gymnasium's and PettingZoo's environment checkers, pyarrow,
# PyTorch and onnx (hupai.train: a tiny model trained and played by the Rust arena), and
# mypy's stubtest. PyTorch's Linux wheel brings CUDA libraries (about 3 GB), so the venv is
# kept between runs: `HUPAI_VENV` names it (default ~/.cache/hupai/venv).
# Usage: crates/hupai-py/ci.sh [VENV_DIR]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="${1:-${HUPAI_VENV:-$HOME/.cache/hupai/venv}}"
case "$(realpath -m "$venv")/" in
    "$root"/*) echo "ci.sh: the venv $venv must be outside the clone" >&2; exit 2 ;;
esac
if [ ! -x "$venv/bin/python" ]; then
    mkdir -p "$(dirname "$venv")"
    python3 -m venv "$venv"
fi
py="$venv/bin/python"
"$py" -m pip install -q --disable-pip-version-check \
    pytest==9.2.0 numpy==2.4.6 mahjong==2.1.0 PyMahjongGB==1.4.0 mypy==2.4.1 \
    gymnasium==1.4.0 pettingzoo==1.27.0 pyarrow==26.0.1 torch==2.15.0 onnx==1.23.2
# The wheel builds with the workspace's target directory, so an unchanged tree rebuilds quickly.
CARGO_TARGET_DIR="$root/target" "$py" -m pip install -q --disable-pip-version-check "$here"
cd "$here/tests"
# The CLI test compares with the `hupai` binary when one is built (cargo test builds it).
if [ -n "${HUPAI_BIN:-}" ]; then export HUPAI_CLI="$HUPAI_BIN"
elif [ -x "$root/target/debug/hupai" ]; then export HUPAI_CLI="$root/target/debug/hupai"; fi
"$py" -m pytest -q -p no:cacheprovider .
cd /
"$py" -m mypy.stubtest hupai
