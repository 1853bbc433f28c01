#!/usr/bin/env bash
# Two `hupai` servers under the same load, alternately, the order swapped every pair: the way
# crates/hupai-server/BENCHMARKS.md compares a change with its anchor on a shared machine,
# whose speed drifts from one minute to the next (only pairs count).
# Usage: tools/bench/server-pairs.sh PAIRS HUPAI_A HUPAI_B [load options...]
#   e.g. tools/bench/server-pairs.sh 4 anchor/hupai target/release/hupai --tables 50 --pace 0 --duration 20s
# Needs the release load generator: cargo build --release -p hupai-server --example load
set -euo pipefail
pairs=$1 a=$2 b=$3
shift 3
load="$(dirname "$0")/../../target/release/examples/load"
run() {
    local out
    out="$("$load" --spawn "$1" "${@:2}" 2>&1)"
    printf '%s %s\n  %s\n  %s\n  %s\n' "$(date -u +%H:%M:%S)" "$1" \
        "$(grep '^CPU an action' <<<"$out")" "$(grep '^machine' <<<"$out")" \
        "$(grep '^RESULT' <<<"$out")"
}
for i in $(seq 1 "$pairs"); do
    if [ $((i % 2)) = 1 ]; then run "$a" "$@"; run "$b" "$@"; else run "$b" "$@"; run "$a" "$@"; fi
done
