#!/usr/bin/env bash
# `shishi convert` and `shishi analyze` as a user runs them, on the repository's record fixtures:
# a lishogi KIF and a PGN saved by XBoard convert into each other and back without loss, both
# analyse into an annotated record and a graph, a malformed record is refused with its line,
# "-" reads stdin and writes stdout, a file of several games needs --game, an empty KIF is
# refused, --kif-style chooses the KIF layout, and on a terminal the analysis shows a progress
# bar with the time left.
#
# usage: record_cli.sh SHISHI
set -euo pipefail

shishi=$(realpath "${1:?usage: $0 SHISHI}")
data=$(cd "$(dirname "$0")/../data/records" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/shishi-records.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"

fail=0
problem() { echo "FAIL: $*"; fail=1; }

# KIF -> PGN -> KIF and PGN -> KIF -> PGN -> KIF give the same text again.
"$shishi" convert "$data/lishogi-game.kif" game.pgn >/dev/null
"$shishi" convert game.pgn game.kif >/dev/null
cmp -s "$data/lishogi-game.kif" game.kif || problem "lishogi KIF changed through PGN: $(diff "$data/lishogi-game.kif" game.kif | head -5)"
"$shishi" convert "$data/xboard-shishi-vs-hachu.pgn" xboard.kif >/dev/null
"$shishi" convert xboard.kif xboard.pgn >/dev/null
"$shishi" convert xboard.pgn xboard2.kif >/dev/null
cmp -s xboard.kif xboard2.kif || problem "XBoard game changed through KIF"
"$shishi" convert xboard.kif xboard.usi >/dev/null
"$shishi" convert "$data/xboard-shishi-vs-hachu.pgn" xboard2.usi >/dev/null
cmp -s xboard.usi xboard2.usi || problem "the USI move lists of the two conversions differ"

# Both analyse into an annotated record and a graph.
for input in "$data/lishogi-game.kif" "$data/xboard-shishi-vs-shishi.pgn"; do
    name=$(basename "$input")
    ext=${name##*.}
    if ! "$shishi" analyze "$input" --depth 2 --out "annotated.$ext" --svg "graph-$name.svg" >summary.txt 2>progress.txt; then
        problem "analyze $name failed: $(cat progress.txt)"
        continue
    fi
    grep -q '^First player (White, sente).*moves, average loss' summary.txt || problem "$name: no summary for the first player"
    grep -q '^Second player (Black, gote).*moves, average loss' summary.txt || problem "$name: no summary for the second player"
    grep -q 'analysed .* positions' progress.txt || problem "$name: no plain progress lines off a terminal"
    "$shishi" convert "annotated.$ext" reread.usi >/dev/null || problem "$name: the annotated record does not read back"
    grep -q '/2 line ' "annotated.$ext" || problem "$name: no evaluation/depth and best line in the annotated record"
    head -c 4 "graph-$name.svg" | grep -q '<svg' || problem "$name: the graph is not an SVG file"
done

# A malformed record: exit status 1, the line named, no output file.
printf '先手：a\n手数----指手---------消費時間--\n   1手目   7七歩兵 （←7九）\n' > bad.kif
if "$shishi" convert bad.kif bad.pgn 2>err.txt; then problem "a malformed KIF converted"; fi
grep -q 'bad.kif: line 3: move 1 is not legal here' err.txt || problem "the error does not name the line: $(cat err.txt)"
[ ! -e bad.pgn ] || problem "a file was written for a malformed record"
if "$shishi" analyze "$data/lishogi-game.kif" --depth 2 --nodes 5 2>err.txt; then problem "two limits accepted"; fi

# Issue 24. "-" is standard input and output (the format given with --from/--to); the report
# goes to stderr so that stdout holds the record alone.
"$shishi" convert - - --from kif --to pgn < "$data/lishogi-game.kif" > piped.pgn 2>err.txt || problem "convert - - failed: $(cat err.txt)"
cmp -s piped.pgn game.pgn || problem "convert through stdin/stdout differs from the file conversion"
grep -q '^wrote - (PGN, 14 plies' err.txt || problem "no report on stderr for convert to -: $(cat err.txt)"
if "$shishi" convert - x.pgn < "$data/lishogi-game.kif" 2>err.txt; then problem "stdin without --from accepted"; fi
grep -q 'standard input: give its format with --from' err.txt || problem "no message for stdin without --from: $(cat err.txt)"
"$shishi" analyze - --from kif --depth 1 --out - < "$data/lishogi-game.kif" > piped.kif 2>err.txt || problem "analyze - --out - failed: $(cat err.txt)"
"$shishi" convert piped.kif piped.usi >/dev/null 2>&1 || problem "analyze --out - did not write the record alone on stdout: $(head -3 piped.kif)"
grep -q '^First player' err.txt || problem "analyze --out -: the summary is not on stderr"
# A file of several games needs --game (it converted the first one silently).
cat "$data/shishi-match-2games.pgn" "$data/shishi-match-2games.pgn" > four.pgn
if "$shishi" convert four.pgn four.kif 2>err.txt; then problem "a 4-game PGN converted without --game"; fi
grep -q 'the file holds 4 games: choose one with --game N (1 to 4)' err.txt || problem "no message for 4 games: $(cat err.txt)"
[ ! -e four.kif ] || problem "a file was written for a 4-game PGN without --game"
"$shishi" convert four.pgn third.kif --game 3 >/dev/null || problem "--game 3 of 4 failed"
# An empty KIF is refused like an empty PGN.
: > empty.kif
if "$shishi" convert empty.kif empty.pgn 2>err.txt; then problem "an empty KIF converted"; fi
grep -q 'empty.kif: empty record' err.txt || problem "no message for an empty KIF: $(cat err.txt)"
# The KIF layout written: the server's by default, the analysis board's on request.
"$shishi" convert "$data/lishogi-game.kif" client.kif --kif-style lishogi-client >/dev/null || problem "--kif-style lishogi-client failed"
grep -q '^  5 手目一歩目 9五獅子 （←8六）$' client.kif || problem "--kif-style lishogi-client: not the client's layout: $(grep 一歩目 client.kif | head -1)"
if "$shishi" convert "$data/lishogi-game.kif" x.kif --kif-style shogiops 2>err.txt; then problem "an unknown --kif-style accepted"; fi

# On a terminal (script gives the command a pseudo-terminal): a progress bar with the time left.
if command -v script >/dev/null; then
    script -qec "'$shishi' analyze '$data/lishogi-game.kif' --depth 2" /dev/null > tty.txt 2>&1 || true
    grep -q '\[#*\.*\] [0-9]*/15 positions, .* elapsed, about .* left' tty.txt || problem "no progress bar on a terminal: $(tail -c 300 tty.txt)"
else
    echo "note: 'script' not installed, progress bar on a terminal not checked"
fi

[ $fail -eq 0 ] || exit 1
echo "PASS: records convert and analyse"
