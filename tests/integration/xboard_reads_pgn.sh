#!/usr/bin/env bash
# Real XBoard (headless) loads the PGN Shishi writes: the record fixtures (a lishogi KIF with a
# double move, igui and a pass; a set-up position with the second player to move; XBoard's own
# game against HaChu) converted to PGN, and an annotated analysis, each parsed by XBoard move
# by move without an illegal move.
#
# usage: xboard_reads_pgn.sh SHISHI
# Exit 77 (skipped) when xboard or xvfb-run is not installed.
set -euo pipefail

shishi=$(realpath "${1:?usage: $0 SHISHI}")
data=$(cd "$(dirname "$0")/../data/records" && pwd)
xboard=$(command -v xboard || { [ -x /usr/games/xboard ] && echo /usr/games/xboard; } || true)
if [ -z "$xboard" ] || ! command -v xvfb-run >/dev/null; then
    echo "SKIP: needs xboard and xvfb-run"
    exit 77
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/shishi-xbpgn.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"

"$shishi" convert "$data/lishogi-game.kif" lishogi.pgn >/dev/null
"$shishi" convert "$data/setup-gote-to-move.kif" setup.pgn >/dev/null
"$shishi" convert "$data/xboard-shishi-vs-hachu.pgn" hachu.pgn >/dev/null
"$shishi" analyze "$data/xboard-shishi-vs-shishi.pgn" --depth 2 --out annotated.pgn >/dev/null 2>&1

fail=0
for pgn in lishogi.pgn setup.pgn hachu.pgn annotated.pgn; do
    plies=$(sed -n 's/^\[PlyCount "\([0-9]*\)"\]/\1/p' "$pgn")
    if [ -z "$plies" ]; then
        echo "FAIL: $pgn has no PlyCount tag"
        fail=1
        continue
    fi
    # XBoard keeps running after loading the game, so wait for the event in its debug log: every
    # move parsed, an illegal one, or XBoard gone. The bound (10 minutes) is for a hung XBoard,
    # not a guess at how long loading takes on a loaded machine.
    setsid xvfb-run -a "$xboard" -saveSettingsOnExit false -ncp -variant chu -lgf "$pgn" -debug -nameOfDebugFile "$pgn.log" \
        >"$pgn.out" 2>&1 &
    pid=$!
    parsed=0
    for _ in $(seq 1 6000); do
        parsed=$(grep -c '^Parsed .* into ' "$pgn.log" 2>/dev/null || true)
        parsed=${parsed:-0}
        [ "$parsed" -ge "$plies" ] && break
        grep -q 'IllegalMove' "$pgn.log" 2>/dev/null && break
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    kill -TERM -- "-$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    if grep -q 'IllegalMove' "$pgn.log" 2>/dev/null; then
        echo "FAIL: XBoard found an illegal move in $pgn: $(grep -m1 -B2 IllegalMove "$pgn.log" | tr '\n' ' ')"
        fail=1
    elif [ "$parsed" -ne "$plies" ]; then
        echo "FAIL: XBoard read $parsed of the $plies moves of $pgn"
        fail=1
    else
        echo "XBoard read all $plies moves of $pgn"
    fi
done
[ $fail -eq 0 ] || exit 1
echo "PASS: XBoard reads Shishi's PGN"
