#!/usr/bin/env bash
# Plays Shishi against HaChu in real XBoard (headless, under xvfb) and fails on anything that
# went wrong: an illegal move, a false result claim, a loss on time, an engine that died, a
# game that did not finish with a result XBoard states, a move sent that the game record lacks,
# or Shishi's thinking output missing from XBoard's debug log.
#
# usage: xboard_vs_hachu.sh SHISHI [GAMES] [BASE] [INC]
#   SHISHI is the engine's path, or a command line for XBoard's -fcp ("wine /path/shishi.exe").
#   BASE is XBoard's -tc (minutes or minutes:seconds), INC its -inc (seconds).
# Exit 77 (skipped) when xboard, hachu or xvfb-run is not installed.
set -euo pipefail

shishi=${1:?usage: $0 SHISHI [GAMES] [BASE] [INC]}
[ -e "$shishi" ] && shishi=$(realpath "$shishi")
games=${2:-2}
base=${3:-1}
inc=${4:-0}

find_tool() { command -v "$1" 2>/dev/null || { [ -x "/usr/games/$1" ] && echo "/usr/games/$1"; } || true; }
xboard=$(find_tool xboard)
hachu=$(find_tool hachu)
if [ -z "$xboard" ] || [ -z "$hachu" ] || ! command -v xvfb-run >/dev/null; then
    echo "SKIP: needs xboard, hachu and xvfb-run"
    exit 77
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/shishi-xboard.XXXXXX")
log="$work/xboard.debug"
pgn="$work/games.pgn"
echo "working in $work"

# XBoard ends a game as drawn after this many moves of each side ("Xboard adjudication: long
# game"). Under XBoard's rules a bare King is no loss and a side may restart the 50-move count
# with a Pawn move, so a won game can go on for hundreds of moves (one at 1 minute + 1 s ran
# 499 plies); the cap bounds the game, and so the time limit below.
max_moves=200

# The whole match may not take longer than both clocks of every game plus slack: each side's
# clock gives at most BASE + MAX_MOVES increments, and XBoard charges each engine's latency to
# its clock.
base_seconds=$(awk -v b="$base" 'BEGIN { n = split(b, p, ":"); print (n > 1 ? p[1] * 60 + p[2] : b * 60) }')
limit=$(awk -v g="$games" -v b="$base_seconds" -v i="$inc" -v m="$max_moves" 'BEGIN { print int(g * (2 * (b + m * i) + 60)) }')

# HaChu refuses any move that repeats an earlier position (it answers "Illegal move {Repeats
# earlier position}", which XBoard then judges a false claim) unless told to allow repeats;
# that refusal is HaChu's own rule, not a fault of either engine under test here. XBoard's own
# repetition rules still apply.
set +e
(cd "$work" && timeout "$limit" xvfb-run -a "$xboard" -saveSettingsOnExit false -noGUI -variant chu \
    -fcp "$shishi" -fd "$work" -scp "$hachu" -sd "$work" -secondOptions "Allow repeats=1" \
    -matchGames "$games" -timeControl "$base" -timeIncrement "$inc" -adjudicateDrawMoves "$max_moves" \
    -xponder -autoCallFlag true -testClaims true \
    -popupExitMessage false -popupMoveErrors false \
    -debug -nameOfDebugFile "$log" -saveGameFile "$pgn" >"$work/xboard.out" 2>&1)
status=$?
set -e

fail=0
problem() { echo "FAIL: $*"; fail=1; }

[ $status -eq 0 ] || problem "xboard exited with status $status (124 = match took longer than ${limit}s)"
[ -s "$log" ] || problem "no XBoard debug log"
[ -s "$pgn" ] || problem "no PGN written"

if [ -s "$pgn" ]; then
    finished=$(grep -c -E '^\[Result "(1-0|0-1|1/2-1/2)"\]' "$pgn" || true)
    [ "$finished" -eq "$games" ] || problem "$finished of $games games finished with a result"
    # Result comments that mean a rule or clock failure rather than a decision on the board.
    if grep -n -i -E '\{[^}]*(illegal|false|forfeit|flag|on time|time out|timeout|crash|exited|disconnect|error)[^}]*\}' "$pgn"; then
        problem "a game ended by an illegal move, a false claim, a flag or a crash (see above)"
    fi
    grep -E '^\[(White|Black|Result) ' "$pgn" | paste - - - || true
    grep -o -E '\{[^}]*\} (1-0|0-1|1/2-1/2)' "$pgn" || true
fi

if [ -s "$log" ]; then
    # An engine refusing a move, or XBoard refusing an engine's move or claim.
    if grep -n -E '<(first|second) *: *Illegal move|Illegal move from|[Ff]alse (win|draw|loss)? ?claim|exited unexpectedly|forfeits? on time' "$log"; then
        problem "illegal move, false claim, crash or time forfeit in the debug log (see above)"
    fi
    # Every move an engine sent is in the record: XBoard accepted it. (Shishi sends a Lion's
    # double move as two `move` lines, the first ending in a comma: one move.)
    sent=$(grep -E '^[0-9]+ <(first|second) *: *move ' "$log" | grep -c -v ',$' || true)
    if [ -s "$pgn" ]; then
        recorded=$(grep -v '^\[' "$pgn" | tr '\n' ' ' | sed -e 's/{[^}]*}//g' | tr -s ' ' '\n' |
            grep -c -v -E '^$|^[0-9]+\.+$|^(1-0|0-1|1/2-1/2|\*)$' || true)
        if [ "$sent" -eq "$recorded" ]; then echo "moves sent and recorded: $sent"
        else problem "the engines sent $sent moves, the games record $recorded"; fi
    fi
    thinking=$(grep -c -E '<first *: *[0-9]+ -?[0-9]+ [0-9]+ [0-9]+ ' "$log" || true)
    [ "$thinking" -gt 0 ] || problem "no thinking output from Shishi in the debug log"
    echo "Shishi thinking lines: $thinking"
fi

if [ $fail -ne 0 ]; then
    echo "logs kept in $work"
    exit 1
fi
rm -rf "$work"
echo "PASS: $games games of Shishi vs HaChu at $base+$inc"
