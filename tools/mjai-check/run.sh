#!/usr/bin/env bash
# Generates riichi logs (four and three players) with hupai's agents and checks them with mjai (libriichi), jansou and
# riichienv: see README.md. Exits non-zero when any tool rejects a log or re-scores a win
# differently.
#
#   MJAI_CHECK_VENV  the virtualenv (default: target/mjai-check-venv; reused when present)
#   MJAI_CHECK_LOGS  where the logs go (default: target/mjai-check-logs; remade every run)
#   PYTHON           the Python that creates the virtualenv (default: python3, 3.11 or newer)
#   HUPAI_BIN        the `hupai` to run (default: built here with `cargo build --release`)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
here="$root/tools/mjai-check"
venv=${MJAI_CHECK_VENV:-$root/target/mjai-check-venv}
logs=${MJAI_CHECK_LOGS:-$root/target/mjai-check-logs}

if [[ ! -x "$venv/bin/python" ]]; then
    echo "== creating the virtualenv $venv"
    "${PYTHON:-python3}" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements.txt"

if [[ -n "${HUPAI_BIN:-}" ]]; then
    hupai="$HUPAI_BIN"
else
    echo "== building hupai"
    cargo build --release -p hupai-cli
    hupai="$root/target/release/hupai"
fi

echo "== generating logs in $logs"
rm -rf "$logs"
arena() { # NAME ARGS...: one arena run, its logs in $logs/hupai/NAME
    local name=$1
    shift
    "$hupai" arena --log "$logs/hupai/$name" "$@" >/dev/null
}
real=defensive,efficiency,defensive,efficiency
arena riichi-hands --rules riichi --agents "$real" --hands 300 --seed 7
arena majsoul-hands --rules riichi-majsoul --agents "$real" --hands 300 --seed 11
arena riichi-games --rules riichi --agents "$real" --games 4 --seed 3
arena majsoul-games --rules riichi-majsoul --agents "$real" --games 4 --seed 5
# hupai's agents never call an open or an added kan; seats that play at random do: with two
# of them, wins with kans of every kind; with four, calls on the discard after an open kan.
arena kans --rules riichi --agents efficiency,random,efficiency,random --hands 800 --seed 9
arena random --rules riichi --agents random --hands 1000 --seed 9
# Three-player riichi (riichienv reads it; libriichi and jansou seat four): hupai's agents set
# Norths aside; random seats add the kans and the wins on a North.
selfplay() { # NAME ARGS...: one selfplay run, its logs in $logs/hupai/NAME
    local name=$1
    shift
    "$hupai" selfplay --log "$logs/hupai/$name" "$@" >/dev/null
}
selfplay sanma --rules sanma --agents defensive --games 6 --seed 3
selfplay sanma-majsoul --rules sanma-majsoul --agents defensive,random,defensive --games 6 --seed 5
selfplay sanma-random --rules sanma --agents random --games 20 --seed 9

echo "== checking logs of Mortal's own simulator, which the checks must accept"
"$venv/bin/python" "$here/mortal_logs.py" "$logs/mortal" 10
"$venv/bin/python" "$here/check_logs.py" --require daiminkan,kakan,ankan,call_on_kan_discard "$logs/mortal"

echo "== checking hupai's logs"
"$venv/bin/python" "$here/check_logs.py" --self-test \
    --require chi,pon,daiminkan,kakan,ankan,reach,kita,multiple_ron,abortive,call_on_kan_discard "$logs/hupai"
